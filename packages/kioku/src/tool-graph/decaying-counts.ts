/**
 * One context's counts, unscaled: the action ids seen and their counts (parallel arrays, in the order first
 * seen), and their total; `changes` counts the updates, so a value derived from the row can be cached.
 */
export interface CountRow {
  readonly ids: number[];
  readonly counts: number[];
  /** Position of each id in `ids`. */
  readonly slots: Map<number, number>;
  total: number;
  changes: number;
  /** A value derived from the row by its reader, valid while `changes` and the scale are what it says. */
  derived?: { changes: number; scale: number; values: Float64Array };
}

function emptyRow(): CountRow {
  return { ids: [], counts: [], slots: new Map(), total: 0, changes: 0 };
}

function addTo(row: CountRow, id: number, amount: number): void {
  const slot = row.slots.get(id);
  if (slot === undefined) {
    row.slots.set(id, row.ids.length);
    row.ids.push(id);
    row.counts.push(amount);
  } else {
    row.counts[slot] = (row.counts[slot] as number) + amount;
  }
  row.total += amount;
  row.changes += 1;
}

/** Counts as plain data: each row is `[context, total, [[action, count], …]]`, counts unscaled. */
export type CountRowsData = Array<[string, number, Array<[string, number]>]>;

/**
 * Counts of (context, action) pairs that decay geometrically: every `decayEvery` decisions (`tick`) all
 * counts are multiplied by `decay`, in O(1) — a global scale shared by every table; counts are stored
 * unscaled and renormalized only when the scale gets small. Actions are small integer ids (the order they
 * were first seen), so a prediction can keep per-action scores in a typed array.
 */
export class DecayingCounts {
  /** Action names by id. */
  readonly actions: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly tables: Map<string, CountRow>[];
  private scaleValue = 1;
  private rescales = 0;
  private decisions = 0;

  constructor(
    private readonly decay: number,
    private readonly decayEvery: number,
    tables: number,
  ) {
    this.tables = Array.from({ length: tables }, () => new Map());
  }

  /** The id of an action, assigned the first time it is seen. */
  idOf(action: string): number {
    let id = this.ids.get(action);
    if (id === undefined) {
      id = this.actions.length;
      this.ids.set(action, id);
      this.actions.push(action);
    }
    return id;
  }

  /** Adds one observation of action `id` in `context` of table `table`. */
  add(table: number, context: string, id: number): void {
    const rows = this.tables[table] as Map<string, CountRow>;
    let row = rows.get(context);
    if (row === undefined) {
      row = emptyRow();
      rows.set(context, row);
    }
    addTo(row, id, 1 / this.scaleValue);
  }

  /** Counts one decision; every `decayEvery` of them every count is multiplied by `decay`. */
  tick(): void {
    this.decisions += 1;
    if (this.decay < 1 && this.decisions % this.decayEvery === 0) {
      this.scaleValue *= this.decay;
      this.rescales += 1;
      if (this.scaleValue < 1e-6) this.renormalize();
    }
  }

  /** The row of `context` in table `table` (counts unscaled: multiply by `scale`). */
  row(table: number, context: string): CountRow | undefined {
    return this.tables[table]?.get(context);
  }

  /** The factor to multiply a stored count or total by. */
  get scale(): number {
    return this.scaleValue;
  }

  /** How many times the scale changed (a decay, a renormalisation, a load): what was derived from scaled counts before is stale. */
  get scaleChanges(): number {
    return this.rescales;
  }

  /** Decisions counted so far (the decay phase). */
  get ticks(): number {
    return this.decisions;
  }

  /** Table `table` as plain data, exactly (unscaled counts, action names). */
  rowsJSON(table: number): CountRowsData {
    return [...(this.tables[table] as Map<string, CountRow>)].map(([context, row]) => [
      context,
      row.total,
      row.ids.map((id, slot): [string, number] => [this.actions[id] as string, row.counts[slot] as number]),
    ]);
  }

  /** Restores what `actions`, `rowsJSON`, `scale` and `ticks` gave (actions first, so ids are the same), replacing the rows. */
  load({
    actions,
    scale,
    ticks,
    tables,
  }: {
    actions: readonly string[];
    scale: number;
    ticks: number;
    tables: CountRowsData[];
  }): void {
    for (const action of actions) this.idOf(action);
    this.scaleValue = scale;
    this.rescales += 1;
    this.decisions = ticks;
    tables.forEach((rows, index) => {
      const target = this.tables[index] as Map<string, CountRow>;
      target.clear();
      for (const [context, total, counts] of rows) {
        const row = emptyRow();
        for (const [action, count] of counts) addTo(row, this.idOf(action), count);
        row.total = total;
        target.set(context, row);
      }
    });
  }

  private renormalize(): void {
    for (const rows of this.tables) {
      for (const row of rows.values()) {
        for (let slot = 0; slot < row.counts.length; slot += 1) {
          row.counts[slot] = (row.counts[slot] as number) * this.scaleValue;
        }
        row.total *= this.scaleValue;
        row.changes += 1;
      }
    }
    this.scaleValue = 1;
  }
}
