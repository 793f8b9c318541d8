import { sql } from 'drizzle-orm';
import type { StoreDatabase } from '../store/index.js';
import { idsParam, queryRows } from './sql-values.js';

/** What {@link applyScores} changed. */
export interface ScoreChanges {
  scored: { id: number; score: number }[];
  deleted: number[];
  missing: number[];
}

/**
 * In one statement on `tx` (a transaction, or the database for a statement of its own): +1 to every
 * `helpful` memory of `namespace`, −1 to every `harmful` one, in SQL (`score = score + 1`), never
 * read-modify-write in JavaScript, so concurrent runs never lose an update; a harmful memory whose score
 * falls below `deleteBelow` is deleted instead. Rows are locked in id order first, so two runs scoring
 * overlapping memories wait for each other instead of deadlocking.
 */
export async function applyScores(
  tx: StoreDatabase,
  {
    namespace,
    helpful,
    harmful,
    deleteBelow,
  }: { namespace: string; helpful: readonly number[]; harmful: readonly number[]; deleteBelow: number },
): Promise<ScoreChanges> {
  const all = [...new Set([...helpful, ...harmful])].sort((a, b) => a - b);
  if (all.length === 0) return { scored: [], deleted: [], missing: [] };
  // One statement: lock the rows in id order, then either delete a harmful row whose new score falls
  // below `deleteBelow` or add its delta. Under READ COMMITTED, an UPDATE or DELETE that meets a row a
  // concurrent transaction changed re-reads its latest version, so `k.score + delta` never loses an update.
  const rows = await queryRows<{ id: number | string; score: number | string; deleted: boolean }>(
    tx,
    sql`with locked as (
        select id, case when id = any(${idsParam(helpful)}) then 1 else -1 end as delta
        from kioku_memories
        where namespace = ${namespace} and id = any(${idsParam(all)})
        order by id
        for update
      ),
      deleted as (
        delete from kioku_memories k using locked l
        where k.id = l.id and l.delta < 0 and k.score + l.delta < ${deleteBelow}
        returning k.id, k.score + l.delta as score
      ),
      updated as (
        update kioku_memories k set score = k.score + l.delta, updated_at = now()
        from locked l
        where k.id = l.id and not (l.delta < 0 and k.score + l.delta < ${deleteBelow})
        returning k.id, k.score
      )
      select id, score, false as deleted from updated
      union all
      select id, score, true as deleted from deleted`,
  );
  const found = new Set(rows.map((row) => Number(row.id)));
  return {
    scored: rows.map((row) => ({ id: Number(row.id), score: Number(row.score) })).sort((a, b) => a.id - b.id),
    deleted: rows
      .filter((row) => row.deleted)
      .map((row) => Number(row.id))
      .sort((a, b) => a - b),
    missing: all.filter((id) => !found.has(id)),
  };
}
