import { describe, expect, it } from 'vitest';
import { sortByScore } from './sort-by-score.js';

describe('sortByScore', () => {
  it('orders indices by score, highest first, ties in index order', () => {
    const scores = new Float64Array([0.1, 0.5, 0.1, 0.9, 0.5, 0, 0.1]);
    const sorted = sortByScore(scores, 7, new Int32Array(8), new Int32Array(8));
    expect([...sorted.subarray(0, 7)]).toEqual([3, 1, 4, 0, 2, 6, 5]);
  });

  it('agrees with a stable comparator sort on many random lengths', () => {
    let seed = 3;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let count = 0; count < 70; count += 1) {
      const scores = Float64Array.from({ length: count }, () => Math.floor(random() * 8) / 8);
      const expected = [...scores.keys()].sort((a, b) => (scores[b] as number) - (scores[a] as number));
      const sorted = sortByScore(scores, count, new Int32Array(count), new Int32Array(count));
      expect([...sorted.subarray(0, count)]).toEqual(expected);
    }
  });
});
