import type { CountRow, DecayingCounts } from './decaying-counts.js';
import { keyLog } from './decision-context.js';
import { PriorOrders } from './prior-orders.js';

/** One user message's intent evidence (its known words' rows), kept up to date as decisions are learned. */
export interface IntentOrder {
  /** Per action id, the sum over the known rows of `keyLog` of its scaled count, in row order (0: in none). */
  readonly sums: Float64Array;
  /** The actions in order of prior weight times the intent factor `exp(weight · sum / rows)` (its log gain), per exponent. */
  readonly orders: PriorOrders;
}

interface Entry extends IntentOrder {
  sums: Float64Array;
  rows: readonly CountRow[];
  scale: number;
  /** The counts' `scaleChanges` when built. */
  built: number;
  /** Position in the learned log up to which this entry is current. */
  synced: number;
}

/** Messages kept (least recently used goes first): each holds a few typed arrays the size of the actions. */
const capacity = 128;
/** A longer learned log is dropped with every entry (they are built again on use). */
const longestLog = 1 << 16;

/**
 * The intent terms of the user messages a graph predicts for, each kept as a sorted order (see
 * `PriorOrders`, one order per exponent) and the per-action sums of its word rows' logs, so a top-k
 * prediction reads the intent evidence from the top of an order instead of scoring every action its words
 * mention. Keyed by the message's known words (rows seen at least twice at the current scale): two messages
 * with the same known words share one entry. An entry is built in time proportional to the actions and its
 * rows (`of`); afterwards, each learned decision since its last use moves one action (its sums and prior
 * count) when the entry is next read (`current`); after a decay, or more than a quarter of the actions
 * learned since, it must be built again.
 */
export class IntentOrders {
  private readonly entries = new Map<string, Entry>();
  private learnedLog: number[] = [];

  constructor(
    private readonly counts: DecayingCounts,
    private readonly intentWeight: number,
    private readonly exponents: readonly number[],
  ) {}

  /** A decision was learned: action `id`'s counts changed. */
  learned(id: number): void {
    if (this.learnedLog.length >= longestLog) {
      this.learnedLog = [];
      this.entries.clear();
    }
    this.learnedLog.push(id);
  }

  /**
   * The order of the message whose known words are `words` (their rows `rows`, in the same order), caught
   * up with the decisions learned since its last use; undefined when it is not kept or must be built again
   * (a decay since, or more than a quarter of the actions learned since): see `of`.
   */
  current(words: readonly string[], prior: CountRow): IntentOrder | undefined {
    const key = words.join('\n');
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    const behind = this.learnedLog.length - entry.synced;
    if (entry.built !== this.counts.scaleChanges || behind * 4 > this.counts.actions.length) return undefined;
    for (let index = entry.synced; index < this.learnedLog.length; index += 1)
      this.update(entry, this.learnedLog[index] as number, prior);
    entry.synced = this.learnedLog.length;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** The order of the message whose known words are `words` (their rows `rows`), built (time proportional to the actions). */
  of(words: readonly string[], rows: readonly CountRow[], prior: CountRow): IntentOrder {
    const key = words.join('\n');
    let entry = this.entries.get(key);
    if (entry !== undefined) this.entries.delete(key);
    else if (this.entries.size >= capacity) {
      const oldest = this.entries.keys().next().value as string;
      entry = this.entries.get(oldest);
      this.entries.delete(oldest);
    }
    entry ??= {
      sums: new Float64Array(64),
      orders: new PriorOrders(this.exponents),
      rows,
      scale: Number.NaN,
      built: -1,
      synced: 0,
    };
    this.build(entry, rows, prior);
    this.entries.set(key, entry);
    return entry;
  }

  /** Every sum and weight again, from the rows. */
  private build(entry: Entry, rows: readonly CountRow[], prior: CountRow): void {
    const actions = this.counts.actions.length;
    const scale = this.counts.scale;
    if (entry.sums.length < actions) entry.sums = new Float64Array(actions * 2);
    const sums = entry.sums;
    sums.fill(0);
    for (const row of rows) {
      for (let slot = 0; slot < row.ids.length; slot += 1) {
        const id = row.ids[slot] as number;
        sums[id] = (sums[id] as number) + keyLog((row.counts[slot] as number) * scale);
      }
    }
    entry.rows = rows;
    entry.scale = scale;
    entry.built = this.counts.scaleChanges;
    entry.synced = this.learnedLog.length;
    const seen = rows.length;
    if (entry.orders.length < actions && actions > 0) entry.orders.set(actions - 1, 0);
    entry.orders.rescale(
      scale,
      (id) => countOf(prior, id),
      (id) => (this.intentWeight * (sums[id] as number)) / seen,
    );
  }

  /** Action `id` learned: its sum from the rows, and its place in the orders. */
  private update(entry: Entry, id: number, prior: CountRow): void {
    if (entry.sums.length <= id) {
      const sums = new Float64Array((id + 1) * 2);
      sums.set(entry.sums);
      entry.sums = sums;
    }
    let sum = 0;
    for (const row of entry.rows) {
      const slot = row.slots.get(id);
      if (slot !== undefined) sum += keyLog((row.counts[slot] as number) * entry.scale);
    }
    entry.sums[id] = sum;
    entry.orders.set(id, countOf(prior, id), (this.intentWeight * sum) / entry.rows.length);
  }
}

function countOf(prior: CountRow, id: number): number {
  const slot = prior.slots.get(id);
  return slot === undefined ? 0 : (prior.counts[slot] as number);
}
