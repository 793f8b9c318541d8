/** The ranked merges of a byte-level BPE: which pair of token ids merges, at what rank, into what id. */
export interface MergeTable {
  /** The rank of merging token `left` with token `right`, or -1 when the pair is no merge. */
  rank(left: number, right: number): number;
  /** The token a merge of rank `rank` makes. */
  merged(rank: number): number;
}

function hash(left: number, right: number): number {
  return (Math.imul(left, 0x9e3779b1) ^ Math.imul(right, 0x85ebca6b)) >>> 0;
}

/** An open-addressing hash table over `triples` (left, right, merged id per merge, in rank order). */
export function mergeTable(triples: Uint32Array): MergeTable {
  const merges = triples.length / 3;
  let capacity = 1;
  while (capacity < merges * 2) capacity *= 2;
  const mask = capacity - 1;
  // rank + 1; 0 is an empty slot.
  const slots = new Int32Array(capacity);
  for (let rank = 0; rank < merges; rank += 1) {
    let slot = hash(triples[rank * 3] as number, triples[rank * 3 + 1] as number) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = rank + 1;
  }
  return {
    rank(left, right) {
      let slot = hash(left, right) & mask;
      for (;;) {
        const entry = slots[slot] as number;
        if (entry === 0) return -1;
        const rank = entry - 1;
        if (triples[rank * 3] === left && triples[rank * 3 + 1] === right) return rank;
        slot = (slot + 1) & mask;
      }
    },
    merged: (rank) => triples[rank * 3 + 2] as number,
  };
}
