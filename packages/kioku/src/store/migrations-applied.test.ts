import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzleStore } from './drizzle-store.js';
import { migrations } from './migrations/index.js';
import { migrationsApplied } from './migrations-applied.js';
import { openStore } from './open-store.js';
import * as schema from './schema/index.js';
import type { Store } from './store.js';

describe('migrationsApplied', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
  });
  afterAll(() => store.close());

  it('is true for a store whose ledger records exactly these migrations', async () => {
    expect(await migrationsApplied(drizzleStore(store).db, migrations)).toBe(true);
  });

  it('is false when a migration is missing, unknown here or edited (migrateStore then applies or refuses)', async () => {
    const { db } = drizzleStore(store);
    const [first, ...rest] = migrations;
    expect(await migrationsApplied(db, rest)).toBe(false);
    expect(await migrationsApplied(db, [...migrations, { tag: '9999_later', sql: 'select 1' }])).toBe(false);
    const edited = { tag: first?.tag ?? '', sql: `${first?.sql ?? ''}\n-- edited` };
    expect(await migrationsApplied(db, [edited, ...rest])).toBe(false);
  });

  it('is false for a database without the ledger', async () => {
    const client = await PGlite.create();
    try {
      expect(await migrationsApplied(drizzle({ client, schema }), migrations)).toBe(false);
    } finally {
      await client.close();
    }
  });
});
