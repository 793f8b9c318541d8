// MurmurHash3's 32-bit finalizer over UTF-16 code units: fast, well mixed, and the same on every
// platform and run, which a stored vector needs (a different hash would change every embedding).
function mix(hash: number): number {
  let h = hash;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A feature's bucket in `[0, dimensions)` and its sign (+1 or −1), from two independent hashes. */
export function hashFeature(feature: string, dimensions: number): { index: number; sign: 1 | -1 } {
  let h = 0x9747b28c;
  for (let i = 0; i < feature.length; i++) {
    h = Math.imul(h ^ feature.charCodeAt(i), 0x5bd1e995);
    h ^= h >>> 15;
  }
  const first = mix(h);
  const second = mix(first ^ 0x9e3779b9);
  return { index: first % dimensions, sign: (second & 1) === 0 ? 1 : -1 };
}
