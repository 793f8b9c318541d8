import { lt, type SQL, sql } from 'drizzle-orm';
import { type DrizzleStore, storeSchema } from '../store/index.js';
import { sessionUpdatedAt } from './session-columns.js';

const { sessions, evictedChunks } = storeSchema;

/**
 * Deletes sessions, in one transaction: the rows of `kioku_sessions` (their messages and views go with
 * them, by foreign key) and the evicted-history chunks kept under their ids (copies of their messages).
 * Nothing else: memories, tool graphs and other sessions stay. Chosen by id, or by last write before a
 * time; returns the ids deleted, or with `dryRun` the ids that would be.
 */
export async function deleteSessions(
  store: DrizzleStore,
  which: { ids: readonly string[] } | { updatedBefore: Date },
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<string[]> {
  if ('ids' in which && which.ids.length === 0) return [];
  const where =
    'ids' in which ? sql`${sessions.id} in ${idList(which.ids)}` : lt(sessionUpdatedAt, which.updatedBefore);
  return store.transaction(async (tx) => {
    if (dryRun) {
      const rows = await tx.select({ id: sessions.id }).from(sessions).where(where);
      return rows.map((row) => row.id);
    }
    const deleted = (await tx.delete(sessions).where(where).returning({ id: sessions.id })).map(
      (row) => row.id,
    );
    if (deleted.length > 0)
      await tx.delete(evictedChunks).where(sql`${evictedChunks.sessionId} in ${idList(deleted)}`);
    return deleted;
  });
}

/** Any number of ids as one parameter (a statement takes at most 65,535). */
function idList(ids: readonly string[]): SQL {
  return sql`(select json_array_elements_text(${JSON.stringify(ids)}::json))`;
}
