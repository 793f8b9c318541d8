/**
 * How many of the oldest `count` items fall outside a window of the newest `keep`, when the window's
 * edge only moves in steps of `batchSize`: the result is a multiple of `batchSize`, and between `keep` and
 * `keep + batchSize - 1` items stay inside. With `batchSize` 1 the edge moves at every new item; with K
 * it moves once per K items, so an edit that rewrites the provider's cached prefix happens once per K.
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
  return Math.max(0, Math.floor((count - keep) / batchSize) * batchSize);
}
