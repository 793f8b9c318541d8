import { errorFacts } from './error-facts.js';
import type { OverflowDetector } from './overflow-detector.js';
import {
  contextOverflow,
  hasOverflowStatus,
  isOtherError,
  matchText,
  maximumContextLengthFigures,
} from './overflow-match.js';

/**
 * OpenAI: code `context_length_exceeded`, as a 400 from chat completions ("This model's maximum context
 * length is M tokens. However, you requested N tokens (P in the messages, C in the completion)…") or as
 * an `error` event inside a Responses API stream ("Your input exceeds the context window of this model").
 *
 * @example
 * openAIOverflowDetector().detect(error); // { provider: 'openai', tokenLimit: 4097, tokensSent: 4120, promptTokens: 3120, … }
 */
export function openAIOverflowDetector(): OverflowDetector {
  return {
    provider: 'openai',
    providerIds: ['openai', 'azure'],
    detect(error) {
      const facts = errorFacts(error);
      if (
        isOtherError(facts) ||
        !hasOverflowStatus(facts) ||
        !facts.codes.includes('context_length_exceeded')
      ) {
        return undefined;
      }
      const found =
        matchText(facts, /maximum context length/i) ?? matchText(facts, /context window|too long|exceed/i);
      const message = found?.text ?? facts.texts[0] ?? 'context_length_exceeded';
      return contextOverflow('openai', facts, message, maximumContextLengthFigures(message));
    },
  };
}
