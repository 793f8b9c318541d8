import { sql } from 'drizzle-orm';
import { binaryVector } from './binary-vector.js';
import type { StoreDriver } from './store.js';
import type { DrizzleStore, StoreDatabase } from './store-database.js';

/**
 * The `Store` object both drivers return: `close` runs once however often it is called; vectors travel
 * in binary (`pg` sends a `Buffer` so; a PGlite client needs `registerVectorSerializer` first).
 */
export function storeFromDatabase({
  driver,
  location,
  db,
  close,
}: {
  driver: StoreDriver;
  location: string;
  db: StoreDatabase;
  close: () => Promise<void>;
}): DrizzleStore {
  let closing: Promise<void> | undefined;
  return {
    driver,
    location,
    db,
    vectorParam: (values) => sql`${binaryVector(values)}::vector`,
    transaction: (work, config) => db.transaction(work, config),
    close: () => {
      closing ??= close();
      return closing;
    },
  };
}
