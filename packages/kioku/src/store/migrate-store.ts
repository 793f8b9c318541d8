import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { StoreError } from '../errors/store-error.js';
import type { Migration } from './migration.js';
import type { StoreDatabase } from './store-database.js';

// 'kioku' in ASCII: every kioku opening the same server takes this advisory lock to migrate one at a time.
const migrationLock = 0x6b696f6b75;
const breakpoint = '--> statement-breakpoint';

const kiokuLedger = 'kioku_schema_migrations';
const ledgerName = /^[a-z_][a-z0-9_]{0,62}$/;

// Kept out of ./schema: drizzle-kit must not generate it, every migration run creates it first.
function ledgerTable(name: string) {
  return pgTable(name, {
    tag: text('tag').primaryKey(),
    hash: text('hash').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  });
}

/** Options of {@link migrateStore}. */
export interface MigrateStoreOptions {
  migrations: readonly Migration[];
  /** Where the store is, for error messages. */
  location: string;
  /**
   * The table recording which migrations were applied (default `kioku_schema_migrations`). An
   * application keeping its own tables in a kioku store passes its own ledger (e.g.
   * `investigator_schema_migrations`), so its migrations and kioku's never see each other's tags.
   * A lowercase SQL identifier: letters, digits and `_`.
   */
  ledger?: string;
}

/** sha256 of a migration's SQL: a migration edited after it was applied is refused, not re-run. */
export function migrationHash(migration: Migration): string {
  return createHash('sha256').update(migration.sql).digest('hex');
}

/**
 * Enables pgvector and applies the migrations the store has not seen, in order, in one transaction
 * (all or none), recording each in the ledger table (default `kioku_schema_migrations`). Returns the
 * tags it applied.
 */
export async function migrateStore(
  db: StoreDatabase,
  { migrations, location, ledger = kiokuLedger }: MigrateStoreOptions,
): Promise<string[]> {
  if (!ledgerName.test(ledger)) {
    throw new StoreError({
      location,
      message: `the migration ledger ${JSON.stringify(ledger)} is not a table name: expected lowercase letters, digits and _ (at most 63, not starting with a digit)`,
    });
  }
  const schemaMigrations = ledgerTable(ledger);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${migrationLock})`);
    await tx.execute(sql`create extension if not exists vector`);
    await tx.execute(sql`create table if not exists ${sql.identifier(ledger)} (
      tag text primary key,
      hash text not null,
      applied_at timestamp with time zone not null default now()
    )`);
    const rows = await tx
      .select({ tag: schemaMigrations.tag, hash: schemaMigrations.hash })
      .from(schemaMigrations);
    const applied = new Map(rows.map((row) => [row.tag, row.hash]));
    const known = new Set(migrations.map((migration) => migration.tag));
    const newer = [...applied.keys()].filter((tag) => !known.has(tag));
    if (newer.length > 0) {
      throw new StoreError({
        location,
        message:
          ledger === kiokuLedger
            ? `its schema was migrated by a newer kioku (migrations ${newer.join(', ')} are unknown here); upgrade kioku`
            : `its ${ledger} schema was migrated by a newer version of the application (migrations ${newer.join(', ')} are unknown here); upgrade it`,
      });
    }
    const pending: string[] = [];
    for (const migration of migrations) {
      const hash = migrationHash(migration);
      const appliedHash = applied.get(migration.tag);
      if (appliedHash === undefined) {
        for (const statement of migration.sql.split(breakpoint)) {
          if (statement.trim() !== '') await tx.execute(sql.raw(statement));
        }
        await tx.insert(schemaMigrations).values({ tag: migration.tag, hash });
        pending.push(migration.tag);
      } else if (appliedHash !== hash) {
        throw new StoreError({
          location,
          message:
            `migration ${migration.tag} changed after it was applied to this store; migrations are ` +
            'forward-only: restore it and add a new migration instead',
        });
      }
    }
    return pending;
  });
}
