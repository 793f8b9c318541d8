import type { ModelMessage } from 'ai';
import { eq, sql } from 'drizzle-orm';
import { InvalidSessionInputError } from '../errors/invalid-session-input-error.js';
import { UnknownSessionError } from '../errors/unknown-session-error.js';
import { queryRows } from '../memory/sql-values.js';
import { type DrizzleStore, type StoreDatabase, storeSchema } from '../store/index.js';
import { messageRows } from './message-rows.js';
import { sameStoredMessage } from './same-stored-message.js';
import type { MessageRange } from './session.js';

const { sessions, sessionMessages } = storeSchema;

/**
 * Appends messages given as their stored JSON texts (`checkMessages`) after the last stored one, or from
 * position `from` (see `AppendMessagesInput.from`). Without `from` it is one statement: the session's
 * counter is bumped (its row lock orders concurrent appends) and the rows inserted, each message's JSON
 * text one parameter, stored as given.
 */
export async function appendMessages(
  store: DrizzleStore,
  { sessionId, texts, from }: { sessionId: string; texts: readonly string[]; from?: number | undefined },
): Promise<MessageRange> {
  const unknown = () => new UnknownSessionError({ sessionId, location: store.location });
  if (from === undefined) {
    const count = await insertAfterLast(store.db, sessionId, texts);
    if (count === undefined) throw unknown();
    return { from: count - texts.length, to: count };
  }
  return store.transaction(async (tx) => {
    const [row] = await tx
      .select({ messageCount: sessions.messageCount })
      .from(sessions)
      .where(eq(sessions.id, sessionId))
      .for('update');
    if (row === undefined) throw unknown();
    const stored = row.messageCount;
    const refuse = (expected: string, found: string) =>
      new InvalidSessionInputError({ sessionId, field: 'from', expected, found });
    if (from > stored) {
      throw refuse(
        `a position up to the session's message count, ${stored}`,
        `${from} (it would leave a gap)`,
      );
    }
    const overlap = Math.min(stored, from + texts.length) - from;
    if (overlap > 0) {
      const held = await messageRows(tx, sessionId, from, from + overlap);
      const differs = held.findIndex(
        (message, index) => !sameStoredMessage(message, JSON.parse(texts[index] ?? 'null') as ModelMessage),
      );
      if (differs !== -1 || stored > from + texts.length) {
        throw refuse(
          `messages that extend what is stored (another writer appended other messages from position ${from})`,
          differs === -1
            ? `${texts.length} message(s) where ${stored - from} are stored`
            : `a different message at position ${from + differs}`,
        );
      }
    }
    if (overlap < texts.length) await insertAfterLast(tx, sessionId, texts.slice(overlap));
    return { from, to: from + texts.length };
  });
}

// Postgres takes at most 65,535 parameters per statement: more messages than this go in one JSON array.
const maxParameters = 30_000;

/** Inserts after the last message; the session's new message count, undefined when there is no session. */
async function insertAfterLast(
  executor: StoreDatabase,
  sessionId: string,
  texts: readonly string[],
): Promise<number | undefined> {
  const count = texts.length;
  // Each message its own parameter, cast once (a JSON array would be parsed again to split it).
  const rows =
    count <= maxParameters
      ? sql`(values ${sql.join(
          texts.map((text, index) => sql`(${text}::json, ${sql.raw(String(index))})`),
          sql`, `,
        )}) as element(value, ordinality)`
      : sql`json_array_elements(${`[${texts.join(',')}]`}::json) with ordinality as element(value, ordinality)`;
  const first = count <= maxParameters ? 0 : 1;
  const [row] = await queryRows<{ message_count: number }>(
    executor,
    sql`with bumped as (
      update ${sessions} set message_count = message_count + ${count}::int, updated_at = now()
      where id = ${sessionId} returning message_count
    ), inserted as (
      insert into ${sessionMessages} (session_id, position, message)
      select ${sessionId}, bumped.message_count - ${count}::int + (element.ordinality - ${first})::int, element.value
      from bumped, ${rows}
      returning 1
    )
    select message_count from bumped`,
  );
  return row?.message_count;
}
