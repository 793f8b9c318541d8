/**
 * How many of the oldest `count` steps fall outside a window of the newest `keep`, when the window's
 * edge only moves in steps of `batchSize`: a multiple of `batchSize`, so between `keep` and
 * `keep + batchSize - 1` steps stay inside, and never the newest step (the results the model asked for
 * at the call before are always shown to it, even with `keep` 0). With `batchSize` 1 the edge moves at
 * every new step; with K it moves once per K steps, so an edit that rewrites the provider's cached
 * prefix happens once per K.
 */
export function batchCutoff({
  count,
  keep,
  batchSize,
}: {
  count: number;
  keep: number;
  batchSize: number;
}): number {
  return Math.max(0, Math.min(Math.floor((count - keep) / batchSize) * batchSize, count - 1));
}
