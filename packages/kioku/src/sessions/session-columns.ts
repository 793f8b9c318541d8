import { type SQL, sql } from 'drizzle-orm';
import { storeSchema } from '../store/index.js';

const { sessions, sessionMessages } = storeSchema;

/** A column of the session's last message (read backwards on the messages' primary key, one row). */
function lastMessage(column: 'position' | 'created_at'): SQL {
  return sql`(select m.${sql.raw(column)} from ${sessionMessages} as m where m.session_id = ${sessions.id} order by m.position desc limit 1)`;
}

/** How many messages the session holds: its last position + 1 (positions run from 0 without gaps). */
export const sessionMessageCount = sql<number>`coalesce(${lastMessage('position')} + 1, 0)`.mapWith(Number);

/** The time of the session's last write: its creation or last compaction, or its last append if later. */
export const sessionUpdatedAt =
  sql<Date>`greatest(${sessions.updatedAt}, ${lastMessage('created_at')})`.mapWith(sessions.updatedAt);

/**
 * What a `Session` is read from: the `kioku_sessions` row, with the message count and last write read
 * from its messages (an append writes only the message rows).
 */
export const sessionColumns = {
  id: sessions.id,
  title: sessions.title,
  metadata: sessions.metadata,
  messageCount: sessionMessageCount,
  viewCount: sessions.viewCount,
  createdAt: sessions.createdAt,
  updatedAt: sessionUpdatedAt,
};
