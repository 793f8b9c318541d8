import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { StoreError } from '../errors/store-error.js';
import type { Migration } from './migration.js';
import type { StoreDatabase } from './store-database.js';

// 'kioku' in ASCII: every kioku opening the same server takes this advisory lock to migrate one at a time.
const migrationLock = 0x6b696f6b75;
const breakpoint = '--> statement-breakpoint';

// Kept out of ./schema: drizzle-kit must not generate it, every migration run creates it first.
const schemaMigrations = pgTable('kioku_schema_migrations', {
  tag: text('tag').primaryKey(),
  hash: text('hash').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/** sha256 of a migration's SQL: a migration edited after it was applied is refused, not re-run. */
export function migrationHash(migration: Migration): string {
  return createHash('sha256').update(migration.sql).digest('hex');
}

/**
 * Enables pgvector and applies the migrations the store has not seen, in order, in one transaction
 * (all or none), recording each in `kioku_schema_migrations`. Returns the tags it applied.
 */
export async function migrateStore(
  db: StoreDatabase,
  { migrations, location }: { migrations: readonly Migration[]; location: string },
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${migrationLock})`);
    await tx.execute(sql`create extension if not exists vector`);
    await tx.execute(sql`create table if not exists kioku_schema_migrations (
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
        message: `its schema was migrated by a newer kioku (migrations ${newer.join(', ')} are unknown here); upgrade kioku`,
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
