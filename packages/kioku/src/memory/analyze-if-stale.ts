import { sql } from 'drizzle-orm';
import type { DrizzleStore } from '../store/index.js';
import { queryRows } from './sql-values.js';

/** Changed rows that make a table's statistics stale: at least this many, and 10% of the table. */
const minimumChanges = 500;

/**
 * Runs `ANALYZE` on `table` when its planner statistics are missing or stale (≥ 500 rows, and ≥ 10% of the
 * table, changed since the last analysis). PGlite has no autovacuum: without statistics, Postgres guesses
 * that a namespace holds a few rows and sorts all of them by distance instead of searching the HNSW index,
 * which at 100,000 memories is a hundred times slower. Returns whether it analyzed.
 */
export async function analyzeIfStale(
  store: DrizzleStore,
  table: 'kioku_memories' | 'kioku_evicted_chunks',
): Promise<boolean> {
  const [stats] = await queryRows<{
    estimate: number | string;
    changed: number | string | null;
    sample: number | string;
  }>(
    store.db,
    sql`select c.reltuples as estimate, s.n_mod_since_analyze as changed,
        (select count(*) from (select 1 from ${sql.raw(table)} limit ${minimumChanges}) as sample) as sample
      from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
      where c.oid = ${table}::regclass`,
  );
  if (stats === undefined) return false;
  const estimate = Number(stats.estimate);
  const changed = Number(stats.changed ?? 0);
  const stale =
    estimate < 0
      ? Number(stats.sample) >= minimumChanges
      : changed >= Math.max(minimumChanges, 0.1 * estimate);
  if (stale) await store.db.execute(sql.raw(`analyze ${table}`));
  return stale;
}
