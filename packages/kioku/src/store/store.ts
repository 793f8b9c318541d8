/** Which engine holds the data: PGlite in this process, or a PostgreSQL server reached through `pg`. */
export type StoreDriver = 'pglite' | 'postgres';

/**
 * An open, migrated kioku database (PGlite or PostgreSQL, both with pgvector), as `kioku/store` hands it
 * to sessions, memory and tool graphs. Its types name nothing of Drizzle; to query its tables yourself,
 * `drizzleStore(store)` from `kioku/store/drizzle` gives the same object with `db` and `transaction`.
 */
export interface Store {
  readonly driver: StoreDriver;
  /** Where the data is: a directory, `memory://`, or a `postgres://` URL with its password removed. */
  readonly location: string;
  /** Closes the connection(s) and, for a directory, releases it to other processes. Safe to call twice. */
  close(): Promise<void>;
}
