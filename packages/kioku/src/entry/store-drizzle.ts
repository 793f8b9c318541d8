/**
 * kioku/store/drizzle: the Drizzle side of a kioku store, for applications that keep their own tables in
 * it or query kioku's with SQL. `drizzleStore(store)` gives an open store's `db`, `transaction` and
 * `vectorParam`; `storeSchema` holds kioku's tables; `migrateStore` applies migrations; `storeFromDatabase`
 * (with `registerVectorSerializer` for a PGlite client) makes a store of a database you opened yourself. These declarations
 * import `drizzle-orm`'s, which do not all pass `skipLibCheck: false` (Drizzle's own errors, outside kioku);
 * `kioku/store` alone does.
 *
 * @example
 * import { openStore } from 'kioku/store';
 * import { drizzleStore } from 'kioku/store/drizzle';
 * const { db } = drizzleStore(await openStore({ location: 'memory://' }));
 *
 * @module kioku/store/drizzle
 */

export {
  type DrizzleStore,
  drizzleStore,
  type MigrateStoreOptions,
  migrateStore,
  registerVectorSerializer,
  type StoreDatabase,
  type StoreSchema,
  type StoreTransaction,
  type StoreTransactionConfig,
  storeFromDatabase,
  storeSchema,
} from '../store/index.js';
