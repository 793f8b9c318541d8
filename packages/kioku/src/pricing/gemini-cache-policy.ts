import { automaticPrefixCachePolicy } from './automatic-prefix-cache-policy.js';
import type { CachePolicy } from './cache-policy.js';

/**
 * Gemini's implicit caching (2.5 models and later): automatic, with a minimum of 1024 tokens for Flash
 * models and 2048 (newer docs: 4096) for Pro; no write premium. Google documents no hit granularity or
 * lifetime for implicit caching; this takes token granularity and 5 minutes. Explicit `cachedContents`
 * (with their storage fee) are not modelled.
 *
 * @example
 * simulateCost({ calls, model: getModelInfo('gemini-2.5-flash'), counter, policy: geminiCachePolicy() });
 */
export function geminiCachePolicy({
  minimumCacheableTokens = 1024,
  ttlSeconds = 300,
}: {
  minimumCacheableTokens?: number;
  ttlSeconds?: number;
} = {}): CachePolicy {
  return automaticPrefixCachePolicy({
    name: 'gemini',
    minimumCacheableTokens,
    granularity: 1,
    ttlSeconds,
    cachesOutput: false,
  });
}
