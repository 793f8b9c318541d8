/**
 * Sorts `order[0..count)` (indices into `scores`) by score, highest first, ties in index order (a stable
 * bottom-up merge sort on typed arrays: no comparator calls, no allocation). `buffer` is scratch of at least
 * `count` entries. Returns the array that holds the result (`order` or `buffer`).
 */
export function sortByScore(
  scores: Float64Array,
  count: number,
  order: Int32Array,
  buffer: Int32Array,
): Int32Array {
  for (let index = 0; index < count; index += 1) order[index] = index;
  let from = order;
  let to = buffer;
  for (let width = 1; width < count; width *= 2) {
    for (let left = 0; left < count; left += 2 * width) {
      const middle = Math.min(left + width, count);
      const end = Math.min(left + 2 * width, count);
      let i = left;
      let j = middle;
      let k = left;
      while (i < middle && j < end) {
        const a = from[i] as number;
        const b = from[j] as number;
        // The right run's index wins only when strictly higher, so equal scores keep index order.
        if ((scores[b] as number) > (scores[a] as number)) {
          to[k] = b;
          j += 1;
        } else {
          to[k] = a;
          i += 1;
        }
        k += 1;
      }
      while (i < middle) {
        to[k] = from[i] as number;
        i += 1;
        k += 1;
      }
      while (j < end) {
        to[k] = from[j] as number;
        j += 1;
        k += 1;
      }
    }
    const swap = from;
    from = to;
    to = swap;
  }
  return from;
}
