import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { KiokuError } from '../errors/kioku-error.js';
import { StoreError } from '../errors/store-error.js';
import { migrateStore } from './migrate-store.js';
import { migrations } from './migrations/index.js';
import * as schema from './schema/index.js';
import type { Store } from './store.js';
import { storeFromDatabase } from './store-from-database.js';

/** Connects to PostgreSQL (pgvector installed on the server) through a `pg` pool and migrates it. */
export async function openPostgresStore({
  url,
  location,
}: {
  url: string;
  location: string;
}): Promise<Store> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 10_000,
    application_name: 'kioku',
  });
  // An idle connection the server drops emits 'error' on the pool, which would crash the process
  // unhandled; the next query reconnects or reports the failure itself.
  pool.on('error', () => undefined);
  try {
    const db = drizzle({ client: pool, schema });
    await migrateStore(db, { migrations, location });
    return storeFromDatabase({ driver: 'postgres', location, db, close: () => pool.end() });
  } catch (error) {
    await pool.end().catch(() => undefined);
    if (KiokuError.isInstance(error)) throw error;
    throw new StoreError({ location, message: explain(error), cause: error });
  }
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
