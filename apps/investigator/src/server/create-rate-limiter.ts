import { ConfigurationError } from 'kioku';

/** A token bucket: `perSecond` on average, bursts of up to `burst`. */
export interface RateLimit {
  perSecond: number;
  burst: number;
}

/** Rate limits kept per key (the webhook's: per source schema). */
export interface RateLimiter {
  /** Takes one request for `key`: `undefined` when allowed, else the whole seconds until one would be. */
  take(key: string): number | undefined;
}

/**
 * One token bucket per key, refilled continuously. Full buckets are forgotten, so keys tracked are those
 * that sent recently. Throws `ConfigurationError` for a rate or burst that is not positive.
 *
 * @example
 * const limiter = createRateLimiter({ perSecond: 100, burst: 2000 });
 * const wait = limiter.take('guardduty'); // undefined: allowed
 */
export function createRateLimiter(
  { perSecond, burst }: RateLimit,
  now: () => number = Date.now,
): RateLimiter {
  if (!(perSecond > 0) || !(burst >= 1)) {
    throw new ConfigurationError({
      name: 'ConfigurationError',
      message: `rate limit: expected a positive rate and a burst of at least 1, found ${perSecond}/s and ${burst}`,
    });
  }
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(key) {
      const time = now();
      const bucket = buckets.get(key) ?? { tokens: burst, at: time };
      bucket.tokens = Math.min(burst, bucket.tokens + ((time - bucket.at) / 1000) * perSecond);
      bucket.at = time;
      if (buckets.size > 10_000) {
        for (const [other, kept] of buckets) {
          if (kept.tokens + ((time - kept.at) / 1000) * perSecond >= burst) buckets.delete(other);
        }
      }
      if (bucket.tokens < 1) {
        buckets.set(key, bucket);
        return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
      }
      bucket.tokens -= 1;
      buckets.set(key, bucket);
      return undefined;
    },
  };
}
