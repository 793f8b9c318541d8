import { sortByScore } from './sort-by-score.js';

/**
 * The actions of a tool graph kept in order of what a prediction gives an action no evidence of the
 * decision mentions (no context row or recent tool holds it): its prior count `c` times the likelihood
 * ratios' prior term, `c · (c·scale + ½)^-e`, where `e` is the sum of the weights of the ratios that apply
 * (intent, recent tools, both or none), times the action's gain (1, or its intent factor for one user
 * message: see `IntentOrders`). One order per exponent, highest first (ties by id, as a prediction ranks
 * them), and the sum of that weight over every action, kept as counts change: a learned decision moves one
 * action, a decay (a new scale) re-sorts. A top-k prediction scores the actions its evidence mentions and
 * merges them with the first of the others, never reading every action.
 */
export class PriorOrders {
  /** Each action's prior count (unscaled). */
  private counts = new Float64Array(16);
  /** Each action's log gain (its weight's factor is its exponential). */
  private gains = new Float64Array(16);
  /** Scratch for sorting, and for each action's log term. */
  private scratch = new Int32Array(16);
  private logs = new Float64Array(16);
  private size = 0;
  private scale = 1;
  private readonly classes: Array<{
    exponent: number;
    /** Action ids, highest weight first. */
    order: Int32Array;
    /** Position of each id in `order`. */
    position: Int32Array;
    weights: Float64Array;
    total: number;
  }>;

  constructor(exponents: readonly number[]) {
    this.classes = [...new Set(exponents)].map((exponent) => ({
      exponent,
      order: new Int32Array(16),
      position: new Int32Array(16),
      weights: new Float64Array(16),
      total: 0,
    }));
  }

  /** The weight of a count under `exponent` at the current scale. */
  weightOf(count: number, exponent: number): number {
    return exponent === 0 ? count : count * Math.exp(-exponent * Math.log(count * this.scale + 0.5));
  }

  /** Action `id`'s weight under `exponent`, as kept (its count's weight times its gain). */
  weight(id: number, exponent: number): number {
    return this.classOf(exponent).weights[id] as number;
  }

  /** The order for `exponent` (one given to the constructor): ids, highest weight first; read `size` of them. */
  order(exponent: number): Int32Array {
    return this.classOf(exponent).order;
  }

  /** The sum of every action's weight under `exponent`. */
  total(exponent: number): number {
    return this.classOf(exponent).total;
  }

  /** Actions ordered. */
  get length(): number {
    return this.size;
  }

  /** Sets action `id`'s prior count and log gain (a new id is the next one), moving it in every order. */
  set(id: number, count: number, logGain = 0): void {
    if (id >= this.size) this.grow(id + 1);
    this.counts[id] = count;
    this.gains[id] = logGain;
    const log = Math.log(count * this.scale + 0.5);
    for (const ordered of this.classes) {
      const weight = this.gained(count, log, logGain, ordered.exponent);
      ordered.total += weight - (ordered.weights[id] as number);
      ordered.weights[id] = weight;
      this.move(ordered, id);
    }
  }

  /** A new scale (a decay), or every log gain new: every weight again, every order sorted again. */
  rescale(scale: number, counts: (id: number) => number, logGains?: (id: number) => number): void {
    this.scale = scale;
    const logs = this.logs;
    for (let id = 0; id < this.size; id += 1) {
      const count = counts(id);
      this.counts[id] = count;
      this.gains[id] = logGains === undefined ? 0 : logGains(id);
      logs[id] = Math.log(count * scale + 0.5);
    }
    for (const ordered of this.classes) {
      let total = 0;
      for (let id = 0; id < this.size; id += 1) {
        const weight = this.gained(
          this.counts[id] as number,
          logs[id] as number,
          this.gains[id] as number,
          ordered.exponent,
        );
        ordered.weights[id] = weight;
        total += weight;
      }
      ordered.total = total;
      const sorted = sortByScore(ordered.weights, this.size, ordered.order, this.scratch);
      if (sorted !== ordered.order) ordered.order.set(sorted.subarray(0, this.size));
      for (let index = 0; index < this.size; index += 1)
        ordered.position[ordered.order[index] as number] = index;
    }
  }

  /** `count · exp(logGain − exponent · log)`, `log` the log of the scaled count plus ½: `weightOf` times the gain. */
  private gained(count: number, log: number, logGain: number, exponent: number): number {
    return exponent === 0 ? count * Math.exp(logGain) : count * Math.exp(logGain - exponent * log);
  }

  private classOf(exponent: number) {
    const found = this.classes.find((ordered) => ordered.exponent === exponent);
    if (found === undefined) throw new Error(`no prior order for the exponent ${exponent}`);
    return found;
  }

  /** Room for `size` actions; the new ones (count 0) go last in every order. */
  private grow(size: number): void {
    if (size > this.counts.length) {
      const capacity = Math.max(size, this.counts.length * 2);
      const counts = new Float64Array(capacity);
      counts.set(this.counts);
      this.counts = counts;
      const gains = new Float64Array(capacity);
      gains.set(this.gains);
      this.gains = gains;
      this.scratch = new Int32Array(capacity);
      this.logs = new Float64Array(capacity);
      for (const ordered of this.classes) {
        const order = new Int32Array(capacity);
        order.set(ordered.order);
        ordered.order = order;
        const position = new Int32Array(capacity);
        position.set(ordered.position);
        ordered.position = position;
        const weights = new Float64Array(capacity);
        weights.set(ordered.weights);
        ordered.weights = weights;
      }
    }
    for (let id = this.size; id < size; id += 1) {
      this.gains[id] = 0;
      for (const ordered of this.classes) {
        ordered.order[id] = id;
        ordered.position[id] = id;
        ordered.weights[id] = 0;
      }
    }
    this.size = size;
  }

  /** Moves `id` to where its weight belongs (higher first, ties by id), shifting the ones between. */
  private move(
    ordered: { order: Int32Array; position: Int32Array; weights: Float64Array },
    id: number,
  ): void {
    const { order, position, weights } = ordered;
    const weight = weights[id] as number;
    const before = (other: number) => {
      const otherWeight = weights[other] as number;
      return otherWeight > weight || (otherWeight === weight && other < id);
    };
    let index = position[id] as number;
    while (index > 0 && !before(order[index - 1] as number)) {
      const other = order[index - 1] as number;
      order[index] = other;
      position[other] = index;
      index -= 1;
    }
    while (index < this.size - 1 && before(order[index + 1] as number)) {
      const other = order[index + 1] as number;
      order[index] = other;
      position[other] = index;
      index += 1;
    }
    order[index] = id;
    position[id] = index;
  }
}
