import { errorFacts } from './error-facts.js';
import type { OverflowDetector } from './overflow-detector.js';
import {
  contextOverflow,
  count,
  hasOverflowStatus,
  isOtherError,
  matchText,
  maximumContextLengthFigures,
} from './overflow-match.js';

/**
 * vLLM's OpenAI-compatible server: `400 {"object": "error", "type": "BadRequestError", …}` (or the newer
 * `{"error": {…}}`) with OpenAI's classic wording, or "The prompt (total length N) is too long to fit
 * into the model (context length M)".
 *
 * @example
 * vllmOverflowDetector().detect(error); // { provider: 'vllm', tokenLimit: 131072, tokensSent: 156632, … }
 */
export function vllmOverflowDetector(): OverflowDetector {
  return {
    provider: 'vllm',
    providerIds: ['vllm'],
    detect(error) {
      const facts = errorFacts(error);
      if (isOtherError(facts) || !hasOverflowStatus(facts)) return undefined;
      const fit = matchText(
        facts,
        /^(?:The )?prompt \(total length ([\d,]+)\) is too long to fit into the model \(context length ([\d,]+)\)/i,
      );
      if (fit !== undefined) {
        return contextOverflow('vllm', facts, fit.text, {
          tokensSent: count(fit.match[1]),
          tokenLimit: count(fit.match[2]),
        });
      }
      const vllmShape =
        facts.codes.includes('BadRequestError') ||
        facts.documents.some((document) => document.object === 'error');
      const found = vllmShape
        ? matchText(facts, /^This model's maximum context length is [\d,]+ tokens/i)
        : undefined;
      if (found === undefined) return undefined;
      return contextOverflow('vllm', facts, found.text, maximumContextLengthFigures(found.text));
    },
  };
}
