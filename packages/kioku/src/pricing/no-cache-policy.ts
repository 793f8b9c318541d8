import type { CachePolicy } from './cache-policy.js';

/**
 * No prompt caching: every prompt token is billed as input. The baseline to compare caching against, and
 * the rule for calls that went to a backend without caching.
 *
 * @example
 * const baseline = simulateCost({ calls, model, counter, policy: noCachePolicy() });
 */
export function noCachePolicy(): CachePolicy {
  return {
    name: 'none',
    breakpoints: 'none',
    writePremium: false,
    apply: () => ({ cacheReadTokens: 0, cacheWriteTokens: 0, cacheWriteLongTokens: 0 }),
  };
}
