/**
 * Counts of (context, action) pairs that decay geometrically: every `decayEvery` observations all counts
 * are multiplied by `decay`, in O(1) (a global scale; counts are stored unscaled and renormalized only
 * when the scale gets small).
 */
export class DecayingCounts {
  private readonly table = new Map<string, Map<string, number>>();
  private readonly totals = new Map<string, number>();
  private scale = 1;
  private observations = 0;

  constructor(
    private readonly decay: number,
    private readonly decayEvery: number,
  ) {}

  /** Adds one observation of `action` in `context`. */
  add(context: string, action: string): void {
    const amount = 1 / this.scale;
    let row = this.table.get(context);
    if (row === undefined) {
      row = new Map();
      this.table.set(context, row);
    }
    row.set(action, (row.get(action) ?? 0) + amount);
    this.totals.set(context, (this.totals.get(context) ?? 0) + amount);
    this.observations += 1;
    if (this.decay < 1 && this.observations % this.decayEvery === 0) {
      this.scale *= this.decay;
      if (this.scale < 1e-6) this.renormalize();
    }
  }

  /** The (decayed) count of actions seen in `context`, and how many distinct ones. */
  total(context: string): number {
    return (this.totals.get(context) ?? 0) * this.scale;
  }

  /** The (decayed) counts of the actions seen in `context`. */
  row(context: string): ReadonlyMap<string, number> | undefined {
    return this.table.get(context);
  }

  /** The scale to multiply a stored count from `row` by. */
  get factor(): number {
    return this.scale;
  }

  /** Every stored count, scaled, for export. */
  entries(): Array<[string, Array<[string, number]>]> {
    return [...this.table].map(([context, row]) => [
      context,
      [...row].map(([action, count]) => [action, count * this.scale]),
    ]);
  }

  /** Loads exported counts (adding to what is there). */
  load(entries: ReadonlyArray<readonly [string, ReadonlyArray<readonly [string, number]>]>): void {
    for (const [context, row] of entries) {
      for (const [action, count] of row) {
        const target = this.table.get(context) ?? new Map<string, number>();
        target.set(action, (target.get(action) ?? 0) + count / this.scale);
        this.table.set(context, target);
        this.totals.set(context, (this.totals.get(context) ?? 0) + count / this.scale);
      }
    }
  }

  private renormalize(): void {
    for (const [context, row] of this.table) {
      for (const [action, count] of row) row.set(action, count * this.scale);
      this.totals.set(context, (this.totals.get(context) ?? 0) * this.scale);
    }
    this.scale = 1;
  }
}
