import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzleStore } from './drizzle-store.js';
import { openStore } from './open-store.js';
import type { Store } from './store.js';

describe('pgliteTurnTaking (a PGlite store)', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
  });
  afterAll(() => store.close());

  it('lets the event loop turn between the statements of a transaction, with the same results', async () => {
    const { db } = drizzleStore(store);
    // Counts event-loop turns while the transaction runs: without turn taking, PGlite runs its statements
    // one after another as microtasks and no macrotask runs until the transaction ends.
    let turns = 0;
    let running = true;
    const tick = () => {
      if (!running) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table turn_taking (n integer)`);
      for (let n = 0; n < 5; n += 1) await tx.execute(sql`insert into turn_taking values (${n})`);
      const result = (await tx.execute(sql`select sum(n)::int as total from turn_taking`)) as {
        rows: unknown[];
      };
      return result.rows;
    });
    running = false;
    expect(rows).toEqual([{ total: 10 }]);
    expect(turns).toBeGreaterThanOrEqual(7);
  });
});
