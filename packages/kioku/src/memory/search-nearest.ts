import { type SQL, sql } from 'drizzle-orm';
import type { DrizzleStore } from '../store/index.js';
import { queryRows } from './sql-values.js';

/** Options of {@link searchNearest}. */
export interface SearchNearestOptions {
  /** The table (a kioku table name, never user input). */
  table: string;
  /** The columns to return, comma-separated; must include `id`. */
  columns: string;
  /** Extra condition (a namespace, a session), or undefined for the whole table. */
  where: SQL | undefined;
  /** The query vector, as `store.vectorParam` makes it. */
  query: SQL;
  /** Minimum cosine similarity, in [-1, 1]. */
  threshold: number;
  limit: number;
  /** HNSW candidate list size (`hnsw.ef_search`); raised to `limit` when smaller. */
  efSearch: number;
}

/**
 * The rows nearest to `query` by cosine distance (through the HNSW index when there is one), at most
 * `limit`, keeping those whose similarity clears `threshold`; each row gets `similarity` (1 − distance).
 *
 * The nearest rows are taken first, then filtered, as pgvector recommends: a distance condition in the
 * same query would keep the planner off the index. Iterative index scans (pgvector ≥ 0.8) keep looking
 * when a `where` condition filters out the first candidates, so a small namespace in a large table is
 * still found.
 */
export async function searchNearest<Row>(
  store: DrizzleStore,
  { table, columns, where, query, threshold, limit, efSearch }: SearchNearestOptions,
): Promise<(Row & { similarity: number })[]> {
  const ef = Math.min(Math.max(Math.trunc(efSearch), Math.trunc(limit)), 1000);
  // One statement. The settings are local to its transaction (a pooled connection keeps nothing), and
  // taken before the index scan starts: the scan is the inner side of a lateral join on them, gated by a
  // one-time filter that reads them.
  const rows = await queryRows<Row & { distance: number | string }>(
    store.db,
    sql`select nearest.* from (
        select set_config('hnsw.ef_search', ${String(ef)}, true) as ef_search,
          set_config('hnsw.iterative_scan', 'relaxed_order', true) as iterative_scan
      ) as settings
      cross join lateral (
        select ${sql.raw(columns)}, embedding <=> ${query} as distance
        from ${sql.raw(table)}
        where settings.ef_search is not null and settings.iterative_scan is not null
          ${where === undefined ? sql`` : sql`and ${where}`}
        order by distance
        limit ${Math.trunc(limit)}
      ) as nearest
      where nearest.distance <= ${1 - threshold}
      order by nearest.distance, nearest.id`,
  );
  return rows.map(({ distance, ...row }) => ({ ...(row as Row), similarity: 1 - Number(distance) }));
}
