/**
 * A seeded pseudo-random generator (mulberry32: 32-bit state, good enough for test data, not for
 * anything secret).
 *
 * @example
 * const random = seededRandom(7);
 * random.int(1, 6);
 */
export function seededRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick(items) {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick from an empty list');
      return item;
    },
    hex: (count) => Array.from({ length: count }, () => Math.floor(next() * 16).toString(16)).join(''),
    chance: (p) => next() < p,
  };
}
