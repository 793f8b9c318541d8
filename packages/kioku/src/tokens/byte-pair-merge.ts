/** Which adjacent symbols may merge, for {@link countMerged}. Symbols are named by their first byte's index. */
export interface PairRule {
  /** Rank of merging the symbol at `left` with the one at `right` (which ends before `end`); -1: never. */
  rank(left: number, right: number, end: number): number;
  /** Told when the pair at `left` merges with rank `rank`, before the next rank is asked. */
  merged(left: number, rank: number): void;
}

const none = -1;
const removed = -2;
// Heap keys are rank * 2^32 + position: the lowest rank first, the leftmost of equal ranks first.
const positionSpan = 2 ** 32;

interface Buffers {
  next: Int32Array;
  previous: Int32Array;
  pairRank: Int32Array;
  heap: Float64Array;
}

function buffers(length: number): Buffers {
  // Each merge pushes at most two entries: the heap never holds more than 3 per byte.
  return {
    next: new Int32Array(length),
    previous: new Int32Array(length),
    pairRank: new Int32Array(length),
    heap: new Float64Array(length * 3),
  };
}

// Reused for the short pieces ordinary text is made of; a longer piece gets its own, freed after.
const pooledLength = 4096;
const pooled = buffers(pooledLength);

// The heap of the merge in progress, as module state so that push and pop are plain functions V8
// optimises once, not closures made anew for every piece.
let heap = pooled.heap;
let size = 0;

function push(key: number): void {
  let at = size++;
  while (at > 0) {
    const parent = (at - 1) >> 1;
    if ((heap[parent] as number) <= key) break;
    heap[at] = heap[parent] as number;
    at = parent;
  }
  heap[at] = key;
}

function pop(): number {
  const top = heap[0] as number;
  const last = heap[--size] as number;
  let at = 0;
  for (;;) {
    let child = at * 2 + 1;
    if (child >= size) break;
    if (child + 1 < size && (heap[child + 1] as number) < (heap[child] as number)) child += 1;
    if ((heap[child] as number) >= last) break;
    heap[at] = heap[child] as number;
    at = child;
  }
  heap[at] = last;
  return top;
}

/**
 * How many symbols `length` bytes merge into under byte pair encoding: starting from single bytes, the
 * adjacent pair of lowest rank merges (the leftmost among equal ranks) until no pair may. This is the
 * merge order of tiktoken and of Hugging Face's BPE, computed with a heap in O(n log n) rather than by
 * scanning every pair after each merge (O(n²): minutes for a 40,000-character run of one letter).
 */
export function countMerged(length: number, rule: PairRule): number {
  if (length < 2) return length;
  const buffer = length <= pooledLength ? pooled : buffers(length);
  const { next, previous, pairRank } = buffer;
  heap = buffer.heap;
  size = 0;
  for (let at = 0; at < length; at += 1) {
    next[at] = at + 1;
    previous[at] = at - 1;
  }
  for (let at = 0; at < length - 1; at += 1) {
    const rank = rule.rank(at, at + 1, at + 2);
    pairRank[at] = rank;
    if (rank >= 0) push(rank * positionSpan + at);
  }
  pairRank[length - 1] = none;
  let symbols = length;
  while (size > 0) {
    const key = pop();
    const rank = Math.floor(key / positionSpan);
    const left = key - rank * positionSpan;
    // A stale entry: the pair changed (or its left symbol merged away) since it was pushed.
    if (pairRank[left] !== rank) continue;
    rule.merged(left, rank);
    const right = next[left] as number;
    const after = next[right] as number;
    pairRank[right] = removed;
    next[left] = after;
    if (after < length) previous[after] = left;
    symbols -= 1;
    const ownRank = after < length ? rule.rank(left, after, next[after] as number) : none;
    pairRank[left] = ownRank;
    if (ownRank >= 0) push(ownRank * positionSpan + left);
    const before = previous[left] as number;
    if (before >= 0) {
      const beforeRank = rule.rank(before, left, after);
      pairRank[before] = beforeRank;
      if (beforeRank >= 0) push(beforeRank * positionSpan + before);
    }
  }
  heap = pooled.heap;
  return symbols;
}
