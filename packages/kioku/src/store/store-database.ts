import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction, PgTransactionConfig } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.js';
import type { Store } from './store.js';

/** Every table kioku keeps, as one Drizzle schema (so `db.query.<table>` knows them all). */
export type StoreSchema = typeof schema;

/** The Drizzle database of a store: the same type whichever driver is underneath. */
export type StoreDatabase = PgDatabase<PgQueryResultHKT, StoreSchema>;

/** The Drizzle transaction `DrizzleStore.transaction` hands its work; `tx.transaction` nests with a savepoint. */
export type StoreTransaction = PgTransaction<
  PgQueryResultHKT,
  StoreSchema,
  ExtractTablesWithRelations<StoreSchema>
>;

/** Isolation level and access mode of a transaction (default: read committed, read write). */
export type StoreTransactionConfig = PgTransactionConfig;

/** A `Store` with its Drizzle side: the database, transactions and pgvector parameters. */
export interface DrizzleStore extends Store {
  readonly db: StoreDatabase;
  /**
   * A vector as a SQL parameter of type `vector`, sent in pgvector's binary format on both drivers (the
   * fast way to write and search embeddings with raw SQL: `sql\`… embedding <=> ${store.vectorParam(v)}\``).
   */
  vectorParam(values: readonly number[]): SQL;
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws (the error
   * is rethrown). Inside, use `tx`, not `db`: on PGlite, `db` waits for the transaction to end. Reads
   * that must agree with each other take `{ isolationLevel: 'repeatable read' }`.
   */
  transaction<T>(work: (tx: StoreTransaction) => Promise<T>, config?: StoreTransactionConfig): Promise<T>;
}
