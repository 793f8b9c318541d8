import { automaticPrefixCachePolicy } from './automatic-prefix-cache-policy.js';
import type { CachePolicy } from './cache-policy.js';

/**
 * OpenAI's automatic prompt caching: prompts of 1024 tokens or more are cached, hits count in steps of
 * 128 tokens past 1024, reads are billed at the cached-input price with no write premium, and an unused
 * prefix lives 5 to 10 minutes (up to an hour off-peak; `ttlSeconds` defaults to the short end).
 *
 * @example
 * simulateCost({ calls, model: getModelInfo('openai:gpt-4o'), counter, policy: openAICachePolicy() });
 */
export function openAICachePolicy({ ttlSeconds = 300 }: { ttlSeconds?: number } = {}): CachePolicy {
  return automaticPrefixCachePolicy({
    name: 'openai',
    minimumCacheableTokens: 1024,
    granularity: 128,
    ttlSeconds,
    cachesOutput: false,
  });
}
