import { asc, eq } from 'drizzle-orm';
import { KiokuError } from '../errors/kioku-error.js';
import { drizzleStore, type StoreTransactionConfig, storeSchema } from '../store/index.js';
import type { Store } from '../store/store.js';
import { activeViews, findCrossedView } from './active-views.js';
import type { SessionView } from './session.js';
import { sessionColumns } from './session-columns.js';
import { viewFromRow } from './session-rows.js';
import { storedMessageJson } from './stored-message-json.js';

const { sessions, sessionMessages, sessionViews } = storeSchema;
const snapshot: StoreTransactionConfig = { isolationLevel: 'repeatable read', accessMode: 'read only' };

/** One thing wrong with a stored session. */
export interface SessionProblem {
  sessionId: string;
  problem: string;
}

/**
 * Checks the sessions of a store (all, or one) against the invariants the session store keeps: message
 * positions `0..messageCount-1` without gaps, views numbered `1..viewCount`, each naming a range of
 * messages that existed when it was recorded and not cutting through an earlier summary, every message
 * a valid `ModelMessage`. Returns the problems found, none for a sound store. Reads one snapshot.
 */
export async function findSessionProblems(
  store: Store,
  { sessionId }: { sessionId?: string } = {},
): Promise<SessionProblem[]> {
  return drizzleStore(store).transaction(async (tx) => {
    const rows = await (sessionId === undefined
      ? tx.select(sessionColumns).from(sessions)
      : tx.select(sessionColumns).from(sessions).where(eq(sessions.id, sessionId)));
    const problems: SessionProblem[] = [];
    for (const session of rows) {
      const report = (problem: string) => problems.push({ sessionId: session.id, problem });
      const messages = await tx
        .select({ position: sessionMessages.position, message: sessionMessages.message })
        .from(sessionMessages)
        .where(eq(sessionMessages.sessionId, session.id))
        .orderBy(asc(sessionMessages.position));
      messages.forEach(({ position, message }, index) => {
        if (position !== index) report(`message positions jump from ${index - 1} to ${position}`);
        checkMessage(message, `message ${position}`, report);
      });
      const views = (
        await tx
          .select()
          .from(sessionViews)
          .where(eq(sessionViews.sessionId, session.id))
          .orderBy(asc(sessionViews.version))
      ).map(viewFromRow);
      if (views.length !== session.viewCount) {
        report(`viewCount is ${session.viewCount} but ${views.length} view(s) are stored`);
      }
      checkViews(views, session.messageCount, report);
    }
    return problems;
  }, snapshot);
}

function checkViews(views: SessionView[], messageCount: number, report: (problem: string) => void): void {
  const recorded: SessionView[] = [];
  let previousCount = 0;
  views.forEach((view, index) => {
    const { from, to } = view.replaces;
    if (view.version !== index + 1) report(`view versions jump from ${index} to ${view.version}`);
    if (!(0 <= from && from < to && to <= view.messageCount && view.messageCount <= messageCount)) {
      report(
        `view ${view.version} replaces [${from}, ${to}) of ${view.messageCount} message(s), out of range`,
      );
    }
    if (view.messageCount < previousCount)
      report(`view ${view.version} saw fewer messages than the one before`);
    const crossed = findCrossedView(activeViews(recorded), view.replaces);
    if (crossed !== undefined) report(`view ${view.version} cuts through view ${crossed.version}`);
    view.summary.forEach((message, part) => {
      checkMessage(message, `view ${view.version} summary[${part}]`, report);
    });
    previousCount = view.messageCount;
    recorded.push(view);
  });
}

function checkMessage(message: unknown, where: string, report: (problem: string) => void): void {
  try {
    storedMessageJson(message, { field: where });
  } catch (error) {
    if (!KiokuError.isInstance(error)) throw error;
    report(`${where} is not a valid ModelMessage: ${error.message}`);
  }
}
