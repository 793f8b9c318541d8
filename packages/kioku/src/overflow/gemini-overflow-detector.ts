import { errorFacts } from './error-facts.js';
import type { OverflowDetector } from './overflow-detector.js';
import { contextOverflow, count, hasOverflowStatus, isOtherError, matchText } from './overflow-match.js';

const pattern =
  /^The input token count(?:\s*\(([\d,]+)\))?\s+exceeds the maximum number of tokens allowed(?:\s*\(([\d,]+)\))?/i;

/**
 * Gemini (Gemini API, Vertex AI, Code Assist): `400 INVALID_ARGUMENT` "The input token count (N) exceeds
 * the maximum number of tokens allowed (M)."; N is left out by some endpoints.
 *
 * @example
 * geminiOverflowDetector().detect(error); // { provider: 'gemini', tokensSent: 3475108, tokenLimit: 1048576, … }
 */
export function geminiOverflowDetector(): OverflowDetector {
  return {
    provider: 'gemini',
    providerIds: ['google', 'vertex', 'gemini'],
    detect(error) {
      const facts = errorFacts(error);
      if (isOtherError(facts) || !hasOverflowStatus(facts)) return undefined;
      const found = matchText(facts, pattern);
      if (found === undefined) return undefined;
      return contextOverflow('gemini', facts, found.text, {
        tokensSent: count(found.match[1]),
        tokenLimit: count(found.match[2]),
      });
    },
  };
}
