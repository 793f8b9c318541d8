import { defaultStoreLocation } from './default-store-location.js';
import { openPgliteStore } from './open-pglite-store.js';
import { openPostgresStore } from './open-postgres-store.js';
import type { Store } from './store.js';
import { parseStoreLocation } from './store-location.js';

/** Options of {@link openStore}. */
export interface OpenStoreOptions {
  /**
   * A directory (PGlite on disk), `memory://` (PGlite in memory, gone on close), or a `postgres://` URL
   * (PostgreSQL with pgvector). Default: `defaultStoreLocation()`, i.e. `KIOKU_STORE` or `./.kioku`.
   */
  location?: string;
  /** Create a directory store that does not exist yet (default true); false makes that an error. */
  create?: boolean;
}

/**
 * Opens the kioku database at `location`, choosing the driver from it, and brings its schema up to
 * date: enables pgvector and applies pending migrations in one transaction. Throws `StoreError` (or
 * `StoreLockedError` when another process holds a directory store) saying what to do.
 *
 * @example
 * const store = await openStore({ location: './.kioku' });
 * try {
 *   const sessions = createSessionStore(store);
 *   await sessions.create({ title: 'triage alert 4242' });
 * } finally {
 *   await store.close();
 * }
 */
export async function openStore({
  location = defaultStoreLocation(),
  create = true,
}: OpenStoreOptions = {}): Promise<Store> {
  const parsed = parseStoreLocation(location);
  if (parsed.driver === 'postgres') return openPostgresStore({ url: parsed.url, location: parsed.display });
  return openPgliteStore({ directory: parsed.directory, location: parsed.display, create });
}
