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
 * DeepSeek: `400` with OpenAI's classic wording but code `invalid_request_error`: "This model's maximum
 * context length is M tokens. However, you requested N tokens (P in the messages, C in the completion)."
 *
 * @example
 * deepSeekOverflowDetector().detect(error); // { provider: 'deepseek', tokenLimit: 65536, tokensSent: 68161, … }
 */
export function deepSeekOverflowDetector(): OverflowDetector {
  return {
    provider: 'deepseek',
    providerIds: ['deepseek'],
    detect(error) {
      const facts = errorFacts(error);
      if (
        isOtherError(facts) ||
        !hasOverflowStatus(facts) ||
        !facts.codes.includes('invalid_request_error')
      ) {
        return undefined;
      }
      const found = matchText(facts, /^This model's maximum context length is [\d,]+ tokens/i);
      if (found === undefined) return undefined;
      return contextOverflow('deepseek', facts, found.text, maximumContextLengthFigures(found.text));
    },
  };
}
