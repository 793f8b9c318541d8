import { type SQL, sql } from 'drizzle-orm';
import { dimensionsLiteral } from './alert-embedding-space.js';
import { alertListColumns } from './alert-row.js';

/**
 * The `k` alerts of `embedder` nearest to alert `id` by cosine distance (listed columns and `distance`),
 * among vectors of `dimensions`. The query vector is a scalar subquery, a parameter to the planner, so the
 * HNSW index over vectors of that length (see alert-embedding-space) orders the scan: joined from a CTE it
 * is not, and every alert is compared (a sequential scan and a sort at every size).
 */
export function similarAlertsQuery({
  id,
  dimensions,
  embedder,
  k,
}: {
  id: string;
  dimensions: number;
  embedder: string;
  k: number;
}): SQL {
  const n = sql.raw(String(dimensionsLiteral(dimensions)));
  const query = sql`(select embedding::vector(${n}) from investigator_alerts where id = ${id})`;
  return sql`select ${alertListColumns}, (embedding::vector(${n}) <=> ${query})::float8 as distance
    from investigator_alerts
    where vector_dims(embedding) = ${n} and id <> ${id} and embedder = ${embedder}
    order by embedding::vector(${n}) <=> ${query} limit ${k}`;
}
