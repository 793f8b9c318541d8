/**
 * How many of a prompt's first `tokens` a cache can read: none under its minimum prefix, and past it in
 * steps of its granularity (the rest is sent as uncached input).
 *
 * @example
 * cacheableTokens(1500, { minimumTokens: 1024, granularity: 128 }); // 1408
 */
export function cacheableTokens(
  tokens: number,
  { minimumTokens, granularity }: { minimumTokens: number; granularity: number },
): number {
  return tokens < minimumTokens
    ? 0
    : minimumTokens + Math.floor((tokens - minimumTokens) / granularity) * granularity;
}
