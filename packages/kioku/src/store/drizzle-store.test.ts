import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../errors/index.js';
import { drizzleStore } from './drizzle-store.js';
import { openStore } from './open-store.js';

describe('drizzleStore', () => {
  it('gives the Drizzle side of a store openStore returned, the same object', async () => {
    const store = await openStore({ location: 'memory://' });
    try {
      const drizzle = drizzleStore(store);
      expect(drizzle).toBe(store);
      const result = await drizzle.transaction((tx) => tx.execute(sql`select 1 as one`));
      expect(JSON.stringify(result)).toContain('"one":1');
    } finally {
      await store.close();
    }
  });

  it('refuses an object kioku did not open, naming what it has', () => {
    const foreign = { driver: 'pglite' as const, location: 'memory://', close: async () => {} };
    expect(() => drizzleStore(foreign)).toThrow(ConfigurationError);
    expect(() => drizzleStore(foreign)).toThrow(
      /expected a store opened by openStore.*\["driver","location","close"\]/,
    );
  });
});
