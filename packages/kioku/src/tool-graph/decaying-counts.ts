/** Decaying counts as plain data: each row is `[context, total, [[action, count], …]]`, counts unscaled. */
export interface DecayingCountsData {
  scale: number;
  observations: number;
  rows: Array<[string, number, Array<[string, number]>]>;
}

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

  /** The counts as plain data, exactly (unscaled counts, totals, scale and decay phase). */
  toJSON(): DecayingCountsData {
    return {
      scale: this.scale,
      observations: this.observations,
      rows: [...this.table].map(([context, row]) => [context, this.totals.get(context) ?? 0, [...row]]),
    };
  }

  /** Restores counts exported by `toJSON`, replacing what is there. */
  load(data: DecayingCountsData): void {
    this.table.clear();
    this.totals.clear();
    this.scale = data.scale;
    this.observations = data.observations;
    for (const [context, total, row] of data.rows) {
      this.table.set(context, new Map(row));
      this.totals.set(context, total);
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
