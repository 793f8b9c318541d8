import type { CacheEntry, CacheStore } from './cache-policy.js';

/** The entry for `key` still alive at `time` (seconds), if any. */
export function liveEntry(cache: CacheStore, key: string, time: number): CacheEntry | undefined {
  const entry = cache.get(key);
  return entry !== undefined && entry.expiresAt >= time ? entry : undefined;
}
