import type { CachePolicy } from './cache-policy.js';
import { liveEntry } from './live-entry.js';

/** Options of {@link anthropicCachePolicy}; the defaults are Anthropic's documented figures. */
export interface AnthropicCachePolicyOptions {
  /**
   * Shortest prefix that can be cached: 1024 tokens for Sonnet and Opus, 2048 for Haiku 3 and 3.5 (4096
   * for some newer models). A breakpoint before this many tokens is not cached.
   */
  minimumCacheableTokens?: number;
  /** Lifetime of an entry, renewed by every hit: 5 minutes. */
  ttlSeconds?: number;
  /** Lifetime of an entry marked `ttl: '1h'`. */
  longTtlSeconds?: number;
  /** Breakpoints a request may carry; beyond that the API refuses it, so only the last ones count here. */
  maxBreakpoints?: number;
  /**
   * Blocks before each breakpoint also checked for a cached prefix. Anthropic documents about 20. In the
   * recorded OpenHands run (claude-3-5-sonnet-20241022, 2024-12-04) the 8 calls between 19:08 and 19:11
   * UTC whose previous entry sat 2 to 4 messages before a breakpoint read it, and the 43 such calls
   * between 20:24 and 20:53 UTC did not, with nothing else telling them apart. A 20-block lookback
   * overstates reads by about 10% and understates writes by about 44% on that run, so the default is 0:
   * only the request's own breakpoints are read.
   */
  lookbackBlocks?: number;
}

/**
 * Anthropic's explicit prompt caching. Each `cache_control` breakpoint (on the system prompt, a tool or a
 * message: `providerOptions.anthropic.cacheControl`) makes the prefix up to it a cache entry. A call reads
 * the longest live entry that ends at one of its breakpoints (a hit renews the entry's lifetime), writes
 * the span from there to its last breakpoint long enough to cache at the write premium, and pays plain
 * input for the rest.
 *
 * @example
 * const report = simulateCost({ calls, model, counter, policy: anthropicCachePolicy() });
 */
export function anthropicCachePolicy({
  minimumCacheableTokens = 1024,
  ttlSeconds = 300,
  longTtlSeconds = 3600,
  maxBreakpoints = 4,
  lookbackBlocks = 0,
}: AnthropicCachePolicyOptions = {}): CachePolicy {
  return {
    name: 'anthropic',
    breakpoints: 'explicit',
    writePremium: true,
    minimumCacheableTokens,
    granularity: 1,
    apply({ layout, time, cache }) {
      const { blocks } = layout;
      const marked = blocks.flatMap((block, index) => (block.cacheControl === undefined ? [] : [index]));
      const breakpoints = marked.slice(-maxBreakpoints);
      let read = 0;
      let readKey: string | undefined;
      for (const breakpoint of breakpoints) {
        for (let index = breakpoint; index >= Math.max(0, breakpoint - lookbackBlocks); index -= 1) {
          const block = blocks[index];
          if (block === undefined || liveEntry(cache, block.key, time) === undefined) continue;
          if (block.end > read) {
            read = block.end;
            readKey = block.key;
          }
          break;
        }
      }
      const cacheable = breakpoints.filter((index) => (blocks[index]?.end ?? 0) >= minimumCacheableTokens);
      const lastEnd = blocks[cacheable.at(-1) ?? -1]?.end ?? 0;
      const longEnd = Math.max(
        0,
        ...cacheable.map((index) =>
          blocks[index]?.cacheControl?.ttl === '1h' ? (blocks[index]?.end ?? 0) : 0,
        ),
      );
      if (readKey !== undefined) {
        const entry = cache.get(readKey);
        if (entry !== undefined) cache.set(readKey, { ...entry, expiresAt: time + entry.ttlSeconds });
      }
      for (const index of cacheable) {
        const block = blocks[index];
        if (block === undefined || block.end <= read) continue;
        const ttl = block.cacheControl?.ttl === '1h' ? longTtlSeconds : ttlSeconds;
        cache.set(block.key, { end: block.end, expiresAt: time + ttl, ttlSeconds: ttl, missProbability: 0 });
      }
      return {
        cacheReadTokens: read,
        cacheWriteTokens: Math.max(0, lastEnd - read),
        cacheWriteLongTokens: Math.max(0, longEnd - read),
      };
    },
  };
}
