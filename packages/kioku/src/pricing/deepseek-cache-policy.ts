import { automaticPrefixCachePolicy } from './automatic-prefix-cache-policy.js';
import type { CachePolicy } from './cache-policy.js';

/** Options of {@link deepSeekCachePolicy}. */
export interface DeepSeekCachePolicyOptions {
  /**
   * Chance that a call's prefix is stored. DeepSeek's disk cache is best-effort: in the 23 recorded
   * mini-swe-agent runs a call's prompt plus answer was either read by the very next call or never read
   * by any later one, independently of the time between calls. Stored were 965 of 1,820 calls (0.53), but
   * smaller additions more often than large ones; weighted by the new tokens each stored prefix saves
   * (what the bill depends on) the share is 0.50, the default. It varies between runs: halves of the set
   * give 0.47 and 0.54.
   */
  storeProbability?: number;
  /** Lifetime of an unused prefix: DeepSeek clears them after "a few hours to a few days". */
  ttlSeconds?: number;
}

/**
 * DeepSeek's automatic context caching: storage in 64-token units (a prefix shorter than 64 tokens is
 * never a hit), the prompt and the answer of a call are cached together, hits are billed at the cache-hit
 * price and misses at the normal input price, with no write premium.
 *
 * @example
 * simulateCost({ calls, model: getModelInfo('deepseek-chat'), counter, policy: deepSeekCachePolicy() });
 */
export function deepSeekCachePolicy({
  storeProbability = 0.5,
  ttlSeconds = 3600,
}: DeepSeekCachePolicyOptions = {}): CachePolicy {
  return automaticPrefixCachePolicy({
    name: 'deepseek',
    minimumCacheableTokens: 64,
    granularity: 64,
    ttlSeconds,
    cachesOutput: true,
    storeProbability,
  });
}
