import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { KiokuError } from '../errors/kioku-error.js';
import { StoreError } from '../errors/store-error.js';
import { migrateStore } from './migrate-store.js';
import { migrations } from './migrations/index.js';
import * as schema from './schema/index.js';
import type { DrizzleStore } from './store-database.js';
import { storeFromDatabase } from './store-from-database.js';

/**
 * Connects to PostgreSQL (pgvector installed on the server) through a `pg` pool and migrates it.
 *
 * A server that is PGlite behind `@electric-sql/pglite-socket` (its `version()` names PGlite) runs one
 * Postgres session for all its connections and interleaves the protocol messages of concurrent ones
 * (one connection's Parse, another's, then the first one's Bind fails). The pool then keeps to a single
 * connection, so statements and transactions take turns: correct, and no code above the store needs to
 * know. A real server gets a pool of up to 10 connections.
 */
export async function openPostgresStore({
  url,
  location,
}: {
  url: string;
  location: string;
}): Promise<DrizzleStore> {
  // One connection until the server says what it is: a real server then gets up to 10 (pg-pool reads
  // `max` at every checkout), PGlite keeps one. No reconnect, so a pglite-socket limited to one
  // connection (its default) is never asked for a second while the first is closing.
  const pool = connect(url, 1);
  try {
    const { rows } = await pool.query<{ version: string }>('select version() as version');
    if (!/\bPGlite\b/.test(rows[0]?.version ?? '')) pool.options.max = 10;
    const db = drizzle({ client: pool, schema });
    await migrateStore(db, { migrations, location });
    return storeFromDatabase({ driver: 'postgres', location, db, close: () => pool.end() });
  } catch (error) {
    await pool.end().catch(() => undefined);
    if (KiokuError.isInstance(error)) throw error;
    throw new StoreError({ location, message: explain(error), cause: error });
  }
}

function connect(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 10_000,
    application_name: 'kioku',
  });
  // An idle connection the server drops emits 'error' on the pool, which would crash the process
  // unhandled; the next query reconnects or reports the failure itself.
  pool.on('error', () => undefined);
  return pool;
}

function explain(error: unknown): string {
  // Drizzle wraps the server's error (the one that says what is wrong) in a `Failed query` error whose
  // message holds the SQL and its parameters: explain from the innermost error.
  let inner = error;
  while (inner instanceof Error && inner.cause !== undefined) inner = inner.cause;
  const message = inner instanceof Error ? inner.message : String(inner);
  const code = (inner as { code?: unknown }).code;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT') {
    return `cannot connect (${message}); is PostgreSQL running there?`;
  }
  if (/extension "vector"|vector\.control|vector\.so/.test(message)) {
    return `pgvector is not available (${message}); install pgvector on the server, or have an administrator run CREATE EXTENSION vector`;
  }
  return `could not open it: ${message}`;
}
