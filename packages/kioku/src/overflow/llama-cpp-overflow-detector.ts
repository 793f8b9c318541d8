import { errorFacts } from './error-facts.js';
import type { OverflowDetector } from './overflow-detector.js';
import {
  contextOverflow,
  count,
  hasOverflowStatus,
  isOtherError,
  matchText,
  numberField,
} from './overflow-match.js';

/**
 * llama.cpp's `llama-server`: `exceed_context_size_error` with `n_prompt_tokens` and `n_ctx` ("the request
 * exceeds the available context size…"), answered with 400 by current builds and 500 by older ones; and
 * llama-cpp-python's "Requested tokens (N) exceed context window of M".
 *
 * @example
 * llamaCppOverflowDetector().detect(error); // { provider: 'llama-cpp', tokensSent: 14429, tokenLimit: 8192, … }
 */
export function llamaCppOverflowDetector(): OverflowDetector {
  return {
    provider: 'llama-cpp',
    providerIds: ['llama-cpp', 'llamacpp', 'llama.cpp', 'llama-server'],
    detect(error) {
      const facts = errorFacts(error);
      // Older llama-server builds answer their own `exceed_context_size_error` with a 500.
      const typed = facts.codes.includes('exceed_context_size_error');
      if (isOtherError(facts) || !hasOverflowStatus(facts, { also: typed ? [500] : [] })) return undefined;
      const python = matchText(facts, /^requested tokens \(([\d,]+)\) exceed context window of ([\d,]+)/i);
      if (python !== undefined) {
        return contextOverflow('llama-cpp', facts, python.text, {
          tokensSent: count(python.match[1]),
          tokenLimit: count(python.match[2]),
        });
      }
      const found =
        matchText(facts, /^the request exceeds the available context size/i) ??
        (typed ? { text: facts.texts[0] ?? '' } : undefined);
      if (found === undefined) return undefined;
      const stated =
        /request \(([\d,]+) tokens\) exceeds the available context size \(([\d,]+) tokens\)/i.exec(
          found.text,
        );
      return contextOverflow('llama-cpp', facts, found.text, {
        tokensSent: numberField(facts, 'n_prompt_tokens') ?? count(stated?.[1]),
        tokenLimit: numberField(facts, 'n_ctx') ?? count(stated?.[2]),
      });
    },
  };
}
