/**
 * The actions of a tool graph ordered by their prior count (highest first, ties by id), kept in order as
 * counts grow, and the sums a prediction needs over the actions no context names: Σ n·(n + ½)^−w for
 * each exponent `w` a prediction can use (n an action's decayed prior count). With them a prediction
 * scores only the actions its contexts and evidence name, and takes the rest as a sum and an order,
 * whatever the number of tools. Counts are passed unscaled; `scale` turns them into decayed counts.
 */
export class PriorRanking {
  /** Action ids, highest prior count first, ties by id. */
  private order = new Int32Array(16);
  /** Position of each id in `order`. */
  private position = new Int32Array(16);
  /** Unscaled prior count of each id. */
  private counts = new Float64Array(16);
  private size = 0;
  private scale = 1;
  /** Per exponent: Σ over every action of n·(n + ½)^−w, n its decayed count. */
  private readonly sums: Float64Array;

  constructor(private readonly exponents: readonly number[]) {
    this.sums = new Float64Array(exponents.length);
  }

  /** The unscaled prior count of `id` (0 when unseen). */
  count(id: number): number {
    return id < this.size ? (this.counts[id] as number) : 0;
  }

  /** Σ n·(n + ½)^−w over every action, for the exponent at `index` of the constructor's list. */
  sum(index: number): number {
    return this.sums[index] as number;
  }

  /** Sets the unscaled prior count of `id` (a new id is added), keeping the order and the sums. */
  set(id: number, count: number): void {
    while (id >= this.size) this.append();
    const before = this.counts[id] as number;
    this.counts[id] = count;
    for (let index = 0; index < this.exponents.length; index += 1) {
      const exponent = this.exponents[index] as number;
      this.sums[index] =
        (this.sums[index] as number) +
        term(count * this.scale, exponent) -
        term(before * this.scale, exponent);
    }
    this.move(id);
  }

  /** The counts' scale changed (a decay step): the sums are recomputed, the order stays. */
  rescale(scale: number, counts?: (id: number) => number): void {
    this.scale = scale;
    if (counts !== undefined) for (let id = 0; id < this.size; id += 1) this.counts[id] = counts(id);
    this.sums.fill(0);
    for (let id = 0; id < this.size; id += 1) {
      const decayed = (this.counts[id] as number) * scale;
      for (let index = 0; index < this.exponents.length; index += 1)
        this.sums[index] = (this.sums[index] as number) + term(decayed, this.exponents[index] as number);
    }
    if (counts !== undefined) this.sort();
  }

  /**
   * Visits actions not `excluded`, best first by n·(n + ½)^−w (`w` the exponent; 0: by count), until
   * `visit` returns false. n·(n + ½)^−w rises with n up to n = ½ / (w − 1) and falls beyond it, so the
   * walk starts where the order crosses that count and moves outwards.
   */
  visitBest(exponent: number, excluded: (id: number) => boolean, visit: (id: number) => boolean): void {
    const peak = exponent > 1 ? 0.5 / (exponent - 1) / this.scale : Number.POSITIVE_INFINITY;
    // First position whose count is at most the peak's (counts fall along the order).
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.counts[this.order[middle] as number] as number) > peak) low = middle + 1;
      else high = middle;
    }
    let left = low - 1;
    let right = low;
    const value = (id: number) => term((this.counts[id] as number) * this.scale, exponent);
    while (left >= 0 || right < this.size) {
      const a = left >= 0 ? (this.order[left] as number) : -1;
      const b = right < this.size ? (this.order[right] as number) : -1;
      let id: number;
      if (a === -1) id = b;
      else if (b === -1) id = a;
      else {
        const difference = value(a) - value(b);
        id = difference > 0 || (difference === 0 && a < b) ? a : b;
      }
      if (id === a) left -= 1;
      else right += 1;
      if (!excluded(id) && !visit(id)) return;
    }
  }

  private append(): void {
    if (this.size === this.order.length) {
      const grow = <T extends Int32Array | Float64Array>(array: T, make: (n: number) => T): T => {
        const bigger = make(array.length * 2);
        bigger.set(array);
        return bigger;
      };
      this.order = grow(this.order, (n) => new Int32Array(n));
      this.position = grow(this.position, (n) => new Int32Array(n));
      this.counts = grow(this.counts, (n) => new Float64Array(n));
    }
    const id = this.size;
    this.order[id] = id;
    this.position[id] = id;
    this.counts[id] = 0;
    this.size += 1;
    this.move(id);
  }

  /** Moves `id` to its place in the order after its count changed (a binary search, then one shift). */
  private move(id: number): void {
    const count = this.counts[id] as number;
    const before = (other: number) => {
      const otherCount = this.counts[other] as number;
      return otherCount > count || (otherCount === count && other < id);
    };
    const at = this.position[id] as number;
    let target = at;
    if (at > 0 && !before(this.order[at - 1] as number)) {
      // Up: the first position in [0, at) whose action does not come before `id`.
      let low = 0;
      let high = at - 1;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (before(this.order[middle] as number)) low = middle + 1;
        else high = middle;
      }
      target = low;
      this.order.copyWithin(target + 1, target, at);
      for (let index = target + 1; index <= at; index += 1)
        this.position[this.order[index] as number] = index;
    } else if (at < this.size - 1 && before(this.order[at + 1] as number)) {
      // Down: the last position in (at, size) whose action comes before `id`.
      let low = at + 1;
      let high = this.size - 1;
      while (low < high) {
        const middle = (low + high + 1) >>> 1;
        if (before(this.order[middle] as number)) low = middle;
        else high = middle - 1;
      }
      target = low;
      this.order.copyWithin(at, at + 1, target + 1);
      for (let index = at; index < target; index += 1) this.position[this.order[index] as number] = index;
    }
    this.order[target] = id;
    this.position[id] = target;
  }

  private sort(): void {
    const ids = Array.from({ length: this.size }, (_, id) => id).sort(
      (a, b) => (this.counts[b] as number) - (this.counts[a] as number) || a - b,
    );
    ids.forEach((id, at) => {
      this.order[at] = id;
      this.position[id] = at;
    });
  }
}

/** n·(n + ½)^−w: an action's share of the background mass, up to a factor common to all. */
function term(count: number, exponent: number): number {
  return exponent === 0 ? count : count * (count + 0.5) ** -exponent;
}
