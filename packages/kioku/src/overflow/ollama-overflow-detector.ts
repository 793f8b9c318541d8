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

const llamaServerWording =
  /^(?:the )?request(?: \(([\d,]+) tokens\))? exceeds the available context size(?: \(([\d,]+) tokens\))?/i;

/**
 * Ollama: since it stopped truncating silently (truncate: false), `400 {"error": "<llama-server's error
 * as a JSON string>"}` with "request (N tokens) exceeds the available context size (M tokens)" and
 * `n_prompt_tokens`/`n_ctx`; older releases: `{"error": "the input length exceeds the context length"}`.
 *
 * @example
 * ollamaOverflowDetector().detect(error); // { provider: 'ollama', tokensSent: 351, tokenLimit: 256, … }
 */
export function ollamaOverflowDetector(): OverflowDetector {
  return {
    provider: 'ollama',
    providerIds: ['ollama'],
    detect(error) {
      const facts = errorFacts(error);
      if (isOtherError(facts) || !hasOverflowStatus(facts)) return undefined;
      const old = matchText(facts, /^the input length exceeds the context length/i);
      if (old !== undefined) return contextOverflow('ollama', facts, old.text);
      // Ollama's own envelope: a top-level `error` that is llama-server's error serialised to a string.
      const wrapped = facts.documents.some(
        (document) => typeof document.error === 'string' && /exceed_context_size_error/.test(document.error),
      );
      const found = wrapped ? matchText(facts, llamaServerWording) : undefined;
      if (found === undefined) return undefined;
      return contextOverflow('ollama', facts, found.text, {
        tokensSent: numberField(facts, 'n_prompt_tokens') ?? count(found.match[1]),
        tokenLimit: numberField(facts, 'n_ctx') ?? count(found.match[2]),
      });
    },
  };
}
