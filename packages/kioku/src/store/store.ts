import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction, PgTransactionConfig } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.js';

/** Every table kioku keeps, as one Drizzle schema (so `db.query.<table>` knows them all). */
export type StoreSchema = typeof schema;

/** The Drizzle database of a store: the same type whichever driver is underneath. */
export type StoreDatabase = PgDatabase<PgQueryResultHKT, StoreSchema>;

/** The Drizzle transaction `Store.transaction` hands its work; `tx.transaction` nests with a savepoint. */
export type StoreTransaction = PgTransaction<
  PgQueryResultHKT,
  StoreSchema,
  ExtractTablesWithRelations<StoreSchema>
>;

/** Isolation level and access mode of a transaction (default: read committed, read write). */
export type StoreTransactionConfig = PgTransactionConfig;

/** Which engine holds the data: PGlite in this process, or a PostgreSQL server reached through `pg`. */
export type StoreDriver = 'pglite' | 'postgres';

/**
 * An open, migrated kioku database (PGlite or PostgreSQL, both with pgvector). Tables are in
 * `./schema`; query them with `db`, and group writes that must land together in `transaction`.
 */
export interface Store {
  readonly driver: StoreDriver;
  /** Where the data is: a directory, `memory://`, or a `postgres://` URL with its password removed. */
  readonly location: string;
  readonly db: StoreDatabase;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws (the error
   * is rethrown). Inside, use `tx`, not `db`: on PGlite, `db` waits for the transaction to end. Reads
   * that must agree with each other take `{ isolationLevel: 'repeatable read' }`.
   */
  /**
   * A vector as a SQL parameter of type `vector`, sent in pgvector's binary format on both drivers (the
   * fast way to write and search embeddings with raw SQL: `sql\`… embedding <=> ${store.vectorParam(v)}\``).
   */
  vectorParam(values: readonly number[]): SQL;
  transaction<T>(work: (tx: StoreTransaction) => Promise<T>, config?: StoreTransactionConfig): Promise<T>;
  /** Closes the connection(s) and, for a directory, releases it to other processes. Safe to call twice. */
  close(): Promise<void>;
}
