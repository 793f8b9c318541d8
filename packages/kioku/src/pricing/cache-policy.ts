import type { PromptLayout } from './prompt-layout.js';

/** A prefix a provider holds in its cache. */
export interface CacheEntry {
  /** Tokens of the cached prefix. */
  end: number;
  /** Seconds since the epoch after which the entry is gone (unless a hit refreshes it). */
  expiresAt: number;
  /** The lifetime a hit renews. */
  ttlSeconds: number;
  /**
   * Chance that no call storing this prefix actually got it stored: 0 for providers that always store,
   * above 0 for best-effort caches (DeepSeek), where the simulation works with expected values.
   */
  missProbability: number;
}

/** A provider's cache during one simulation: prefix key → entry. */
export type CacheStore = Map<string, CacheEntry>;

/** How one call's prompt tokens split between cache reads and writes (the rest is plain input). */
export interface CacheSplit {
  cacheReadTokens: number;
  /** All tokens written, at any lifetime. */
  cacheWriteTokens: number;
  /** The part of `cacheWriteTokens` written with the long lifetime (Anthropic 1 hour). */
  cacheWriteLongTokens: number;
}

/**
 * A provider's prompt-caching rules as a plain object: given a call's prompt layout, the time and the
 * cache, says what the call reads and writes and updates the cache. Shared code never asks which provider
 * a policy is for; it only calls `apply`.
 */
export interface CachePolicy {
  /** A name for reports, e.g. `anthropic`, `deepseek`, `none`. */
  readonly name: string;
  /** `explicit`: only marked breakpoints are cached; `automatic`: every prefix is; `none`: nothing is. */
  readonly breakpoints: 'explicit' | 'automatic' | 'none';
  /** True when writing to the cache costs more than plain input (Anthropic). */
  readonly writePremium: boolean;
  /** Shortest prefix the cache stores, in tokens (a shorter one is plain input); absent: any. */
  readonly minimumCacheableTokens?: number;
  /** Past the minimum, a hit counts in steps of this many tokens (the rest is plain input); absent: 1. */
  readonly granularity?: number;
  /** Bills one call against `cache` at `time` (seconds) and records what the call leaves there. */
  apply(options: { layout: PromptLayout; time: number; cache: CacheStore }): CacheSplit;
}
