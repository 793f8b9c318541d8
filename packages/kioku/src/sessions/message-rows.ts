import type { ModelMessage } from 'ai';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { type StoreDatabase, storeSchema } from '../store/index.js';

const { sessionMessages } = storeSchema;

/** A session's original messages at positions `[from, to)` (to the end without `to`), in order. */
export async function messageRows(
  executor: StoreDatabase,
  sessionId: string,
  from = 0,
  to?: number,
): Promise<ModelMessage[]> {
  const rows = await executor
    .select({ message: sessionMessages.message })
    .from(sessionMessages)
    .where(
      and(
        eq(sessionMessages.sessionId, sessionId),
        gte(sessionMessages.position, from),
        to === undefined ? undefined : lt(sessionMessages.position, to),
      ),
    )
    .orderBy(asc(sessionMessages.position));
  return rows.map((row) => row.message);
}
