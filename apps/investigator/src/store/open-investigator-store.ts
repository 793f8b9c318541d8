import { openStore } from 'kioku/store';
import { type DrizzleStore, drizzleStore, migrateStore } from 'kioku/store/drizzle';
import { investigatorLedger, investigatorMigrations } from './investigator-migrations.js';

/** Options of {@link openInvestigatorStore}. */
export interface OpenInvestigatorStoreOptions {
  /**
   * A directory (PGlite on disk), `memory://`, or a `postgres://` URL (PostgreSQL with pgvector).
   * Default: `INVESTIGATOR_STORE`, else `./.investigator`.
   */
  location?: string;
  /** Create a directory store that does not exist yet (default true). */
  create?: boolean;
}

/** Where the investigator keeps its data when no location is given: `INVESTIGATOR_STORE`, else `./.investigator`. */
export function defaultInvestigatorStoreLocation(
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  return env.INVESTIGATOR_STORE || './.investigator';
}

/**
 * Opens the kioku store at `location` (sessions, memory…) and brings the investigator's own tables up to
 * date: its migrations are recorded in their own ledger (`investigator_schema_migrations`), apart from
 * kioku's. Close it with `store.close()`.
 *
 * @example
 * const store = await openInvestigatorStore({ location: './.investigator' });
 * const alerts = createAlertStore(store);
 */
export async function openInvestigatorStore({
  location = defaultInvestigatorStoreLocation(),
  create = true,
}: OpenInvestigatorStoreOptions = {}): Promise<DrizzleStore> {
  const store = drizzleStore(await openStore({ location, create }));
  try {
    await migrateStore(store.db, {
      migrations: investigatorMigrations,
      location: store.location,
      ledger: investigatorLedger,
    });
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
