import { ConfigurationError } from '../errors/index.js';
import type { Store } from './store.js';
import type { DrizzleStore } from './store-database.js';

/**
 * The Drizzle side of a store `openStore` (or `storeFromDatabase`) returned: the same object, typed with
 * `db`, `transaction` and `vectorParam`. Throws `ConfigurationError` for an object kioku did not open.
 *
 * @example
 * const { db } = drizzleStore(await openStore({ location: 'memory://' }));
 * await db.execute(sql`select 1`);
 */
export function drizzleStore(store: Store): DrizzleStore {
  const candidate = store as Partial<DrizzleStore>;
  if (
    typeof candidate.db !== 'object' ||
    candidate.db === null ||
    typeof candidate.transaction !== 'function' ||
    typeof candidate.vectorParam !== 'function'
  ) {
    throw new ConfigurationError({
      name: 'ConfigurationError',
      message: `store: expected a store opened by openStore (with db, transaction and vectorParam), got an object with keys ${JSON.stringify(Object.keys(store ?? {}))}`,
    });
  }
  return candidate as DrizzleStore;
}
