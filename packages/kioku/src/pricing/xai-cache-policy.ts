import { automaticPrefixCachePolicy } from './automatic-prefix-cache-policy.js';
import type { CachePolicy } from './cache-policy.js';

/**
 * xAI's automatic prompt caching (grok-3, grok-4): a repeated prompt prefix is read from the cache at the
 * cached-input price with no write premium. xAI publishes no minimum length or step, so every matching
 * token counts; an unused prefix is assumed to live `ttlSeconds` (default 300, like OpenAI's).
 *
 * @example
 * simulateCost({ calls, model: getModelInfo('xai:grok-4'), counter, policy: xaiCachePolicy() });
 */
export function xaiCachePolicy({ ttlSeconds = 300 }: { ttlSeconds?: number } = {}): CachePolicy {
  return automaticPrefixCachePolicy({
    name: 'xai',
    minimumCacheableTokens: 1,
    granularity: 1,
    ttlSeconds,
    cachesOutput: false,
  });
}
