import type { CachePolicy } from './cache-policy.js';
import { cacheableTokens } from './cacheable-tokens.js';
import { liveEntry } from './live-entry.js';

/** Options of {@link automaticPrefixCachePolicy}. */
export interface AutomaticPrefixCachePolicyOptions {
  /** A name for reports. */
  name: string;
  /** Shortest prefix the provider caches; a shorter match reads nothing. */
  minimumCacheableTokens: number;
  /** Past the minimum, a hit counts in steps of this many tokens (the rest is plain input). */
  granularity: number;
  /** How long an unused prefix stays cached; every call using it renews it. */
  ttlSeconds: number;
  /** True when the provider caches the answer along with the prompt (DeepSeek does). */
  cachesOutput: boolean;
  /**
   * Chance that a call's prefix is stored at all (best-effort caches). Below 1 the simulation returns
   * expected cache reads: the sum over matching prefixes of their length times the chance that the
   * longest stored match is that one.
   */
  storeProbability?: number;
}

/**
 * Automatic prefix caching (OpenAI, DeepSeek, Gemini implicit caching): every call stores its prompt
 * (and, for some providers, its answer); a later call reads the longest stored prefix it starts with,
 * counted from `minimumCacheableTokens` in steps of `granularity`. There is no write premium.
 *
 * @example
 * const policy = automaticPrefixCachePolicy({ name: 'openai', minimumCacheableTokens: 1024, granularity: 128,
 *   ttlSeconds: 300, cachesOutput: false });
 */
export function automaticPrefixCachePolicy({
  name,
  minimumCacheableTokens,
  granularity,
  ttlSeconds,
  cachesOutput,
  storeProbability = 1,
}: AutomaticPrefixCachePolicyOptions): CachePolicy {
  const cacheable = (tokens: number): number =>
    cacheableTokens(tokens, { minimumTokens: minimumCacheableTokens, granularity });
  return {
    name,
    breakpoints: 'automatic',
    writePremium: false,
    minimumCacheableTokens,
    granularity,
    apply({ layout, time, cache }) {
      const { blocks } = layout;
      let read = 0;
      let longerHit = 0;
      for (let index = blocks.length - 1; index >= 0; index -= 1) {
        const block = blocks[index];
        if (block === undefined) continue;
        const entry = liveEntry(cache, block.key, time);
        const hit = Math.max(longerHit, entry === undefined ? 0 : 1 - entry.missProbability);
        read += cacheable(block.end) * (hit - longerHit);
        longerHit = hit;
        if (hit >= 1) break;
      }
      const stored =
        cachesOutput && layout.completion !== undefined ? [...blocks, layout.completion] : blocks;
      for (const block of stored) {
        const entry = liveEntry(cache, block.key, time);
        const missProbability = (entry === undefined ? 1 : entry.missProbability) * (1 - storeProbability);
        cache.set(block.key, { end: block.end, expiresAt: time + ttlSeconds, ttlSeconds, missProbability });
      }
      return { cacheReadTokens: read, cacheWriteTokens: 0, cacheWriteLongTokens: 0 };
    },
  };
}
