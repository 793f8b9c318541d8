import { defaultStoreLocation } from './default-store-location.js';
import { importOptional } from './import-optional.js';
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

// The optional packages each driver loads (besides `drizzle-orm`, which `kioku/store` itself imports).
const storeDriverPackages = {
  pglite: ['@electric-sql/pglite', '@electric-sql/pglite-pgvector'],
  postgres: ['pg'],
} as const;

/**
 * Opens the kioku database at `location`, choosing the driver from it, and brings its schema up to
 * date: enables pgvector and applies pending migrations in one transaction. Loads only that driver
 * (`pg` for a `postgres://` URL, PGlite for a directory or `memory://`); throws `MissingPackageError`
 * naming the packages to install when it is not installed, `StoreError` (or `StoreLockedError` when
 * another process holds a directory store) saying what to do when the store cannot be opened.
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
  const neededFor = `store ${parsed.display}`;
  if (parsed.driver === 'postgres') {
    const { openPostgresStore } = await importOptional({
      load: () => import('./open-postgres-store.js'),
      packages: storeDriverPackages.postgres,
      neededFor,
    });
    return openPostgresStore({ url: parsed.url, location: parsed.display });
  }
  const { openPgliteStore } = await importOptional({
    // PGlite loads in the store's worker thread (`startPgliteHost`): its packages are resolved here first,
    // so a missing one is a `MissingPackageError` before anything is opened or created.
    load: () => {
      for (const name of storeDriverPackages.pglite) import.meta.resolve(name);
      return import('./open-pglite-store.js');
    },
    packages: storeDriverPackages.pglite,
    neededFor,
  });
  return openPgliteStore({ directory: parsed.directory, location: parsed.display, create });
}
