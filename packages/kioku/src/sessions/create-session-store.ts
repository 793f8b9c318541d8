import { randomUUID } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { InvalidCompactionError } from '../errors/invalid-compaction-error.js';
import { InvalidSessionInputError } from '../errors/invalid-session-input-error.js';
import { SessionExistsError } from '../errors/session-exists-error.js';
import { UnknownSessionError } from '../errors/unknown-session-error.js';
import {
  drizzleStore,
  type StoreDatabase,
  type StoreTransactionConfig,
  storeSchema,
} from '../store/index.js';
import type { Store } from '../store/store.js';
import { withStorageErrors } from '../store/with-storage-errors.js';
import { activeViews, findCrossedView } from './active-views.js';
import { appendMessages } from './append-messages.js';
import { buildCurrentView } from './build-current-view.js';
import {
  checkCompactionInput,
  checkCreateInput,
  checkMessages,
  checkSessionId,
} from './check-session-input.js';
import { deleteSessions } from './delete-sessions.js';
import { messageRows } from './message-rows.js';
import { resumeSession } from './resume-session.js';
import type { SessionExport } from './session.js';
import { sessionColumns, sessionUpdatedAt } from './session-columns.js';
import { type SessionRow, sessionFromRow, viewFromRow } from './session-rows.js';
import type { SessionStore } from './session-store.js';

const { sessions, sessionViews } = storeSchema;
// Reads of several tables see one snapshot, so a view never names messages the same read missed.
const snapshot: StoreTransactionConfig = { isolationLevel: 'repeatable read', accessMode: 'read only' };

/**
 * Sessions kept in `store` (any driver): conversation histories written after every turn and every
 * compaction, never overwritten.
 *
 * @example
 * const store = await openStore({ location: './.kioku' });
 * const sessions = createSessionStore(store);
 * const { id } = await sessions.create({ title: 'alert 4242', metadata: { agent: 'investigator' } });
 * await sessions.append({ sessionId: id, messages: [{ role: 'user', content: 'Triage alert 4242.' }] });
 * const view = await sessions.currentView(id); // what to send the model next
 * await store.close();
 */
export function createSessionStore(given: Store): SessionStore {
  const store = drizzleStore(given);
  const { db } = store;
  const unknown = (sessionId: string) => new UnknownSessionError({ sessionId, location: store.location });

  async function sessionRow(executor: StoreDatabase, sessionId: string, { lock = false } = {}) {
    const query = executor.select(sessionColumns).from(sessions).where(eq(sessions.id, sessionId));
    const [row] = await (lock ? query.for('update') : query);
    if (row === undefined) throw unknown(sessionId);
    return row satisfies SessionRow;
  }

  async function viewRows(executor: StoreDatabase, sessionId: string) {
    const rows = await executor
      .select()
      .from(sessionViews)
      .where(eq(sessionViews.sessionId, sessionId))
      .orderBy(asc(sessionViews.version));
    return rows.map(viewFromRow);
  }

  function exportSession(sessionId: string): Promise<SessionExport> {
    return store.transaction(async (tx) => {
      const session = sessionFromRow(await sessionRow(tx, sessionId));
      const views = await viewRows(tx, sessionId);
      return { session, messages: await messageRows(tx, sessionId), views };
    }, snapshot);
  }

  const sessionStore: SessionStore = withStorageErrors<SessionStore>({
    async create(input = {}) {
      const id = input.id === undefined ? randomUUID() : checkSessionId(input.id, 'id');
      const { title, metadata } = checkCreateInput(input);
      const [row] = await db
        .insert(sessions)
        .values({ id, title, metadata })
        .onConflictDoNothing()
        .returning();
      if (row === undefined) throw new SessionExistsError({ sessionId: id });
      return sessionFromRow({ ...row, messageCount: 0 });
    },

    async append({ sessionId, messages, from }) {
      checkSessionId(sessionId);
      const texts = checkMessages(messages, { field: 'messages', sessionId });
      if (from !== undefined && (!Number.isSafeInteger(from) || from < 0)) {
        throw new InvalidSessionInputError({
          sessionId,
          field: 'from',
          expected: 'a whole number >= 0',
          found: String(from),
        });
      }
      return appendMessages(store, { sessionId, texts, from });
    },

    async recordCompaction(input) {
      const { sessionId, replaces, summary, strategy, tokensBefore, tokensAfter } =
        checkCompactionInput(input);
      return store.transaction(async (tx) => {
        const session = await sessionRow(tx, sessionId, { lock: true });
        const reject = (reason: string) => new InvalidCompactionError({ sessionId, replaces, reason });
        if (replaces.to > session.messageCount) {
          throw reject(
            `the session has ${session.messageCount} message(s); compact only messages already appended`,
          );
        }
        const crossed = findCrossedView(activeViews(await viewRows(tx, sessionId)), replaces);
        if (crossed !== undefined) {
          const { from, to } = crossed.replaces;
          throw reject(
            `view ${crossed.version} summarised messages [${from}, ${to}) and a summary is replaced whole or not ` +
              'at all; map view indices to original positions with originalRange()',
          );
        }
        const version = session.viewCount + 1;
        const [row] = await tx
          .insert(sessionViews)
          .values({
            sessionId,
            version,
            replacedFrom: replaces.from,
            replacedTo: replaces.to,
            summary: sql`${`[${summary.join(',')}]`}::json`,
            strategy,
            tokensBefore,
            tokensAfter,
            messageCount: session.messageCount,
          })
          .returning();
        await tx
          .update(sessions)
          .set({ viewCount: version, updatedAt: sql`now()` })
          .where(eq(sessions.id, sessionId));
        return viewFromRow(row as NonNullable<typeof row>);
      });
    },

    async get(sessionId) {
      return sessionFromRow(await sessionRow(db, checkSessionId(sessionId)));
    },

    async list({ limit, offset = 0 } = {}) {
      for (const [field, value] of [
        ['limit', limit ?? 0],
        ['offset', offset],
      ] as const) {
        if (!Number.isSafeInteger(value) || value < 0) {
          throw new InvalidSessionInputError({
            field,
            expected: 'a whole number >= 0',
            found: String(value),
          });
        }
      }
      const query = db
        .select(sessionColumns)
        .from(sessions)
        .orderBy(desc(sessionUpdatedAt), asc(sessions.id))
        .offset(offset);
      const rows = await (limit === undefined ? query : query.limit(limit));
      return rows.map(sessionFromRow);
    },

    async currentView(sessionId) {
      checkSessionId(sessionId);
      return store.transaction(async (tx) => {
        await sessionRow(tx, sessionId);
        const views = await viewRows(tx, sessionId);
        return buildCurrentView({ sessionId, messages: await messageRows(tx, sessionId), views });
      }, snapshot);
    },

    async messages(sessionId, { from = 0, to } = {}) {
      checkSessionId(sessionId);
      if (
        !Number.isSafeInteger(from) ||
        from < 0 ||
        (to !== undefined && (!Number.isSafeInteger(to) || to < from))
      ) {
        throw new InvalidSessionInputError({
          sessionId,
          field: 'range',
          expected: 'whole numbers 0 <= from <= to',
          found: JSON.stringify({ from, to }),
        });
      }
      return store.transaction(async (tx) => {
        await sessionRow(tx, sessionId);
        return messageRows(tx, sessionId, from, to);
      }, snapshot);
    },

    async export(sessionId) {
      checkSessionId(sessionId);
      return exportSession(sessionId);
    },

    async resume(sessionId, options = {}) {
      checkSessionId(sessionId);
      return resumeSession(await exportSession(sessionId), options, ({ messages, from }) =>
        sessionStore.append({ sessionId, messages, from }),
      );
    },

    async delete(sessionId) {
      checkSessionId(sessionId);
      return (await deleteSessions(store, { ids: [sessionId] })).length === 1;
    },

    async prune({ updatedBefore, dryRun = false }) {
      if (!(updatedBefore instanceof Date) || Number.isNaN(updatedBefore.getTime())) {
        throw new InvalidSessionInputError({
          field: 'updatedBefore',
          expected: 'a valid Date',
          found: String(updatedBefore),
        });
      }
      return deleteSessions(store, { updatedBefore }, { dryRun });
    },
  });
  return sessionStore;
}
