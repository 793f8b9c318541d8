import { type AnthropicWording, anthropicWording } from './anthropic-wording.js';
import { errorFacts } from './error-facts.js';
import type { OverflowDetector } from './overflow-detector.js';
import { contextOverflow, hasOverflowStatus, isOtherError } from './overflow-match.js';

/**
 * Anthropic: `400 invalid_request_error` "prompt is too long: N tokens > M maximum", or "input length and
 * `max_tokens` exceed context limit: N + C > M" when the prompt fits but not with the reserved completion.
 *
 * @example
 * anthropicOverflowDetector().detect(error); // { provider: 'anthropic', tokensSent: 208310, tokenLimit: 200000, … }
 */
export function anthropicOverflowDetector(): OverflowDetector {
  return {
    provider: 'anthropic',
    providerIds: ['anthropic'],
    detect(error) {
      const facts = errorFacts(error);
      if (isOtherError(facts) || !hasOverflowStatus(facts)) return undefined;
      const found: AnthropicWording | undefined = anthropicWording(facts);
      return found && contextOverflow('anthropic', facts, found.text, found.figures);
    },
  };
}
