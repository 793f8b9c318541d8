import type { ModelMessage } from 'ai';
import { eq, sql } from 'drizzle-orm';
import { InvalidSessionInputError } from '../errors/invalid-session-input-error.js';
import { UnknownSessionError } from '../errors/unknown-session-error.js';
import { queryRows } from '../memory/sql-values.js';
import { type DrizzleStore, type StoreDatabase, storeSchema } from '../store/index.js';
import { messageRows } from './message-rows.js';
import { sameStoredMessage } from './same-stored-message.js';
import type { MessageRange } from './session.js';
import { sessionMessageCount } from './session-columns.js';

const { sessions, sessionMessages } = storeSchema;

/**
 * Appends messages given as their stored JSON texts (`checkMessages`) after the last stored one, or from
 * position `from` (see `AppendMessagesInput.from`). Without `from` it is one insert, nothing else: the
 * rows go after the session's last position, each message's JSON text one parameter, stored as given (one
 * message through `kioku_append_message`, which keeps the insert's plan between calls). A
 * concurrent append that took the same positions first makes it fail on the primary key and it is run
 * again after the other (nothing of it was written); a missing session fails the foreign key.
 */
export async function appendMessages(
  store: DrizzleStore,
  { sessionId, texts, from }: { sessionId: string; texts: readonly string[]; from?: number | undefined },
): Promise<MessageRange> {
  const unknown = () => new UnknownSessionError({ sessionId, location: store.location });
  if (from === undefined) {
    if (texts.length === 0) {
      const count = await messageCountOf(store.db, sessionId);
      if (count === undefined) throw unknown();
      return { from: count, to: count };
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        const to =
          texts.length === 1
            ? await appendOne(store.db, sessionId, texts[0] as string)
            : await insertMessages(store.db, sessionId, texts);
        return { from: to - texts.length, to };
      } catch (error) {
        const code = driverCode(error);
        if (code === foreignKeyViolation) throw unknown();
        if (code !== uniqueViolation || attempt === maxAttempts) throw error;
      }
    }
  }
  return store.transaction(async (tx) => {
    // The session row's lock orders appends from a position and compactions; plain appends take none.
    await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, sessionId)).for('update');
    const stored = await messageCountOf(tx, sessionId);
    if (stored === undefined) throw unknown();
    const refuse = (expected: string, found: string) =>
      new InvalidSessionInputError({ sessionId, field: 'from', expected, found });
    const raced = () =>
      refuse(
        `messages that extend what is stored (another writer appended other messages from position ${from})`,
        `another writer's message(s) stored at positions ${from} onwards while this append ran`,
      );
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
    if (overlap < texts.length) {
      try {
        await insertMessages(tx, sessionId, texts.slice(overlap), from + overlap);
      } catch (error) {
        // A plain append (which takes no lock) wrote these positions after they were read.
        if (driverCode(error) === uniqueViolation) throw raced();
        throw error;
      }
    }
    return { from, to: from + texts.length };
  });
}

const uniqueViolation = '23505';
const foreignKeyViolation = '23503';
const maxAttempts = 100;

/** The SQLSTATE of a failed query (Drizzle wraps the driver's error in `cause`). */
function driverCode(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 3; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    cause = cause.cause;
  }
  return undefined;
}

/** The session's message count, undefined when there is no session. */
async function messageCountOf(executor: StoreDatabase, sessionId: string): Promise<number | undefined> {
  const [row] = await executor
    .select({ count: sessionMessageCount })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row?.count;
}

/**
 * Appends one message after the session's last through `kioku_append_message` (migration 0004), whose
 * insert plpgsql plans once per connection; returns the position after it.
 */
async function appendOne(executor: StoreDatabase, sessionId: string, text: string): Promise<number> {
  const [row] = await queryRows<{ position: number }>(
    executor,
    sql`select kioku_append_message(${sessionId}, ${text}::json) as position`,
  );
  return Number(row?.position) + 1;
}

// Postgres takes at most 65,535 parameters per statement: more messages than this go in one JSON array.
const maxParameters = 30_000;

/**
 * Inserts `texts` (at least one) from position `at`, or after the last stored message; returns the
 * position after the last inserted. One message is one row of values; more are selected from a list.
 */
async function insertMessages(
  executor: StoreDatabase,
  sessionId: string,
  texts: readonly string[],
  at?: number,
): Promise<number> {
  const start =
    at === undefined
      ? sql`coalesce((select max(position) + 1 from ${sessionMessages} where session_id = ${sessionId}), 0)`
      : sql`${at}::int`;
  const count = texts.length;
  if (count === 1) {
    const [row] = await queryRows<{ position: number }>(
      executor,
      sql`insert into ${sessionMessages} (session_id, position, message)
        values (${sessionId}, ${start}, ${texts[0]}::json) returning position`,
    );
    return Number(row?.position) + 1;
  }
  // Each message its own parameter, cast once (a JSON array would be parsed again to split it).
  const rows =
    count <= maxParameters
      ? sql`(values ${sql.join(
          texts.map((text, index) => sql`(${text}::json, ${sql.raw(String(index))})`),
          sql`, `,
        )}) as element(value, ordinality)`
      : sql`json_array_elements(${`[${texts.join(',')}]`}::json) with ordinality as element(value, ordinality)`;
  const first = count <= maxParameters ? 0 : 1;
  const inserted = await queryRows<{ position: number }>(
    executor,
    sql`insert into ${sessionMessages} (session_id, position, message)
      select ${sessionId}, ${start} + (element.ordinality - ${first})::int, element.value from ${rows}
      returning position`,
  );
  return inserted.reduce((last, row) => Math.max(last, Number(row.position) + 1), 0);
}
