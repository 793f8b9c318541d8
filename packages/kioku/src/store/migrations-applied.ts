import { sql } from 'drizzle-orm';
import { migrationHash } from './migrate-store.js';
import type { Migration } from './migration.js';
import type { StoreDatabase } from './store-database.js';

/**
 * True when the store's ledger (`kioku_schema_migrations`) records exactly `migrations`, each with its
 * hash: a reopened store then needs no migration transaction (one read instead of the advisory lock,
 * `create extension`, `create table` and the ledger checks). Anything else — no ledger, a migration
 * missing, edited or unknown here — is false, and `migrateStore` applies or refuses as usual.
 */
export async function migrationsApplied(
  db: StoreDatabase,
  migrations: readonly Migration[],
): Promise<boolean> {
  let rows: Array<{ tag: string; hash: string }>;
  try {
    const result = await db.execute(sql`select tag, hash from kioku_schema_migrations`);
    rows = (result as unknown as { rows: Array<{ tag: string; hash: string }> }).rows;
  } catch {
    return false;
  }
  if (rows.length !== migrations.length) return false;
  const applied = new Map(rows.map((row) => [row.tag, row.hash]));
  return migrations.every((migration) => applied.get(migration.tag) === migrationHash(migration));
}
