import { anthropicWording } from './anthropic-wording.js';
import { errorFacts } from './error-facts.js';
import type { OverflowDetector } from './overflow-detector.js';
import { contextOverflow, hasOverflowStatus, isOtherError, matchText } from './overflow-match.js';

/**
 * Amazon Bedrock: a `400 ValidationException` whose body is `{"message": …}`: "Input is too long for
 * requested model." (no figures), or, from Claude, "The model returned the following errors: prompt is
 * too long: N tokens > M maximum".
 *
 * @example
 * bedrockOverflowDetector().detect(error); // { provider: 'bedrock', message: 'Input is too long for requested model.' }
 */
export function bedrockOverflowDetector(): OverflowDetector {
  return {
    provider: 'bedrock',
    providerIds: ['amazon-bedrock', 'bedrock'],
    detect(error) {
      const facts = errorFacts(error);
      if (isOtherError(facts) || !hasOverflowStatus(facts)) return undefined;
      const tooLong = matchText(facts, /^input is too long for (?:the )?requested model/i);
      if (tooLong !== undefined) return contextOverflow('bedrock', facts, tooLong.text);
      const claude = anthropicWording(facts);
      if (claude === undefined || !fromBedrock(facts)) return undefined;
      return contextOverflow('bedrock', facts, claude.text, claude.figures);
    },
  };
}

/** Bedrock's shape: an `x-amzn-errortype` header, its "The model returned the following errors" prefix, or a top-level `message`. */
function fromBedrock(facts: ReturnType<typeof errorFacts>): boolean {
  if (facts.headers['x-amzn-errortype']?.startsWith('ValidationException')) return true;
  if (facts.codes.includes('ValidationException')) return true;
  if (matchText(facts, /^the model returned the following errors/i) !== undefined) return true;
  const body = facts.documents[0];
  return body !== undefined && typeof body.message === 'string' && !('error' in body) && !('type' in body);
}
