/** Looks up the rank of a byte string in a tiktoken vocabulary. */
export interface ByteStringIndex {
  /** The rank of `bytes[start..end)`, or -1 when it is no token. */
  rank(bytes: Uint8Array, start: number, end: number): number;
}

function hash(bytes: Uint8Array, start: number, end: number): number {
  let value = 0x811c9dc5;
  for (let at = start; at < end; at += 1) value = Math.imul(value ^ (bytes[at] as number), 0x01000193);
  return value >>> 0;
}

/**
 * An open-addressing hash table over a vocabulary's token bytes (`lengths` per rank, `bytes` one token
 * after the other): built in a few milliseconds, where a `Map` keyed by strings takes ten times longer.
 */
export function byteStringIndex(lengths: Uint8Array, bytes: Uint8Array): ByteStringIndex {
  const offsets = new Uint32Array(lengths.length + 1);
  for (let rank = 0; rank < lengths.length; rank += 1) {
    offsets[rank + 1] = (offsets[rank] as number) + (lengths[rank] as number);
  }
  let capacity = 1;
  while (capacity < lengths.length * 2) capacity *= 2;
  const mask = capacity - 1;
  // rank + 1; 0 is an empty slot.
  const slots = new Int32Array(capacity);
  for (let rank = 0; rank < lengths.length; rank += 1) {
    let slot = hash(bytes, offsets[rank] as number, offsets[rank + 1] as number) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = rank + 1;
  }
  return {
    rank(input, start, end) {
      const length = end - start;
      let slot = hash(input, start, end) & mask;
      for (;;) {
        const entry = slots[slot] as number;
        if (entry === 0) return -1;
        const rank = entry - 1;
        if (lengths[rank] === length) {
          const offset = (offsets[rank] as number) - start;
          let at = start;
          while (at < end && input[at] === bytes[offset + at]) at += 1;
          if (at === end) return rank;
        }
        slot = (slot + 1) & mask;
      }
    },
  };
}
