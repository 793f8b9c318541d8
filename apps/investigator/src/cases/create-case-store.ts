import { sql } from 'drizzle-orm';
import type { DrizzleStore } from 'kioku/store/drizzle';
import {
  type Alert,
  type AlertConclusion,
  AlertStateError,
  alertConclusions,
  createAlertStore,
} from '../alerts/index.js';
import { type Actor, createAuditLog } from '../audit/index.js';
import { createUserStore } from '../auth/create-user-store.js';
import { roleAllows } from '../auth/role.js';
import { UserInputError } from '../auth/user-input-error.js';
import { rowsOf } from '../store/rows-of.js';
import type { CaseComment } from './case-comment.js';

/** The statuses a case is set to directly (resolving takes a verdict, reopening a reason). */
export const settableStatuses = ['open', 'in_progress', 'archived'] as const;

/** An alert's case: who works it, its tags, status, verdict and comments. Every change is audited. */
export interface CaseStore {
  /** Assigns the case to an analyst (an active user with the analyst or admin role), or unassigns it (`null`). */
  assign(input: { id: string; assignee: string | null; by: Actor }): Promise<Alert>;
  /** Replaces the case's tags (each 1–40 letters, digits, `.`, `_`, `:` or `-`; at most 20; stored lower-case and sorted). */
  setTags(input: { id: string; tags: readonly string[]; by: Actor }): Promise<Alert>;
  /** Moves an open or in-progress case to `open`, `in_progress` or `archived` (a resolved one may be archived). */
  setStatus(input: { id: string; status: (typeof settableStatuses)[number]; by: Actor }): Promise<Alert>;
  /** Reopens a resolved or archived case (and the alerts resolved with it), its verdict cleared; the reason is audited. */
  reopen(input: { id: string; reason: string; by: Actor }): Promise<Alert>;
  /** Changes a resolved case's verdict, with the reason. */
  changeVerdict(input: {
    id: string;
    conclusion: AlertConclusion;
    reason: string;
    by: Actor;
  }): Promise<Alert>;
  /** Adds a comment (Markdown, 1–10,000 characters). */
  comment(input: { id: string; body: string; by: Actor }): Promise<CaseComment>;
  /** The case's comments, oldest first. */
  comments(id: string): Promise<CaseComment[]>;
}

const tagPattern = /^[a-z0-9._:-]{1,40}$/;

/**
 * The cases of an investigator store: each alert is a case with an assignee, tags, a status (open, in
 * progress, resolved, archived), a verdict (resolving is `createAlertStore(store).resolve`) and comments.
 * Each change and its audit-log entry (who, before, after) are written in one transaction.
 *
 * @example
 * const cases = createCaseStore(store);
 * await cases.assign({ id, assignee: 'jane', by: { name: 'lead', via: 'password' } });
 */
export function createCaseStore(store: DrizzleStore): CaseStore {
  const alerts = createAlertStore(store);
  const audit = createAuditLog(store);
  const users = createUserStore(store);
  const reasonOf = (reason: string) => {
    if (reason.trim() === '')
      throw new UserInputError({ input: 'reason', expected: 'a non-empty text', found: 'nothing' });
    return reason.trim();
  };
  const update = async (
    alert: Alert,
    by: Actor,
    action: string,
    set: ReturnType<typeof sql>,
    before: unknown,
    after: unknown,
    alsoMerged = false,
  ) => {
    await store.transaction(async (tx) => {
      const ids = alsoMerged
        ? rowsOf<{ id: string }>(
            await tx.execute(
              sql`select id from investigator_alerts where id = ${alert.id} or (merged_into = ${alert.id} and status = ${alert.status}) order by id`,
            ),
          ).map((row) => row.id)
        : [alert.id];
      for (const id of ids) {
        await tx.execute(sql`update investigator_alerts set ${set} where id = ${id}`);
        await audit.record(tx, { actor: by, action, target: `alert:${id}`, before, after });
      }
    });
    return alerts.get(alert.id);
  };
  return {
    async assign({ id, assignee, by }) {
      const alert = await alerts.get(id);
      if (assignee !== null) {
        const user = await users.get(assignee);
        if (user === undefined || user.disabled || !roleAllows(user.role, 'analyst')) {
          throw new UserInputError({
            input: 'assignee',
            expected: 'an active user with the analyst or admin role',
            found: JSON.stringify(assignee),
          });
        }
      }
      return update(alert, by, 'alert.assign', sql`assignee = ${assignee}`, alert.assignee ?? null, assignee);
    },
    async setTags({ id, tags, by }) {
      const alert = await alerts.get(id);
      const normalized = [...new Set(tags.map((tag) => tag.trim().toLowerCase()))].sort();
      const bad = normalized.find((tag) => !tagPattern.test(tag));
      if (bad !== undefined) {
        throw new UserInputError({
          input: 'tag',
          expected: '1–40 letters, digits, ".", "_", ":" or "-"',
          found: JSON.stringify(bad),
        });
      }
      if (normalized.length > 20)
        throw new UserInputError({ input: 'tags', expected: 'at most 20', found: String(normalized.length) });
      return update(
        alert,
        by,
        'alert.tags',
        sql`tags = ${JSON.stringify(normalized)}::jsonb`,
        alert.tags,
        normalized,
      );
    },
    async setStatus({ id, status, by }) {
      if (!(settableStatuses as readonly string[]).includes(status)) {
        throw new UserInputError({
          input: 'status',
          expected: `one of ${settableStatuses.join(', ')} (resolve with a verdict)`,
          found: JSON.stringify(status),
        });
      }
      const alert = await alerts.get(id);
      if (alert.status === status) throw new AlertStateError({ id, message: `it is already ${status}` });
      if (alert.status === 'archived')
        throw new AlertStateError({ id, message: 'it is archived; reopen it first' });
      if (alert.status === 'resolved' && status !== 'archived') {
        throw new AlertStateError({ id, message: 'it is resolved; reopen it (with a reason) first' });
      }
      return update(alert, by, 'alert.status', sql`status = ${status}`, { status: alert.status }, { status });
    },
    async reopen({ id, reason, by }) {
      const why = reasonOf(reason);
      const alert = await alerts.get(id);
      if (alert.status !== 'resolved' && alert.status !== 'archived') {
        throw new AlertStateError({
          id,
          message: `it is ${alert.status.replace('_', ' ')}, not resolved or archived`,
        });
      }
      if (alert.mergedInto !== undefined) {
        throw new AlertStateError({
          id,
          message: `it is merged into ${alert.mergedInto}; reopen that alert instead`,
        });
      }
      return update(
        alert,
        by,
        'alert.reopen',
        sql`status = 'open', resolution = null`,
        { status: alert.status, resolution: alert.resolution ?? null },
        { status: 'open', reason: why },
        true,
      );
    },
    async changeVerdict({ id, conclusion, reason, by }) {
      const why = reasonOf(reason);
      if (!alertConclusions.includes(conclusion)) {
        throw new UserInputError({
          input: 'conclusion',
          expected: `one of ${alertConclusions.join(', ')}`,
          found: JSON.stringify(conclusion),
        });
      }
      const alert = await alerts.get(id);
      if (alert.status !== 'resolved' || alert.resolution === undefined) {
        throw new AlertStateError({
          id,
          message: `it is ${alert.status.replace('_', ' ')}; resolve it instead`,
        });
      }
      if (alert.resolution.conclusion === conclusion) {
        throw new AlertStateError({ id, message: `its verdict is already ${conclusion}` });
      }
      const resolution = { conclusion, reason: why, by: by.name, at: new Date().toISOString() };
      return update(
        alert,
        by,
        'alert.verdict',
        sql`resolution = ${JSON.stringify(resolution)}::jsonb`,
        alert.resolution,
        resolution,
        true,
      );
    },
    async comment({ id, body, by }) {
      await alerts.get(id);
      const text = body.trim();
      if (text === '' || text.length > 10_000) {
        throw new UserInputError({
          input: 'comment',
          expected: '1–10,000 characters of Markdown',
          found: `${text.length} characters`,
        });
      }
      const comment = await store.transaction(async (tx) => {
        const [row] = rowsOf<CommentRow>(
          await tx.execute(sql`insert into investigator_case_comments (alert_id, author, body) values (${id}, ${by.name}, ${text})
            returning id, alert_id, author, body, created_at`),
        );
        if (row === undefined) throw new Error('the comment was not stored');
        await audit.record(tx, {
          actor: by,
          action: 'alert.comment',
          target: `alert:${id}`,
          after: { comment: Number(row.id), body: text },
        });
        return row;
      });
      return commentFromRow(comment);
    },
    async comments(id) {
      await alerts.get(id);
      return rowsOf<CommentRow>(
        await store.db.execute(
          sql`select id, alert_id, author, body, created_at from investigator_case_comments where alert_id = ${id} order by id`,
        ),
      ).map(commentFromRow);
    },
  };
}

interface CommentRow {
  id: number | string;
  alert_id: string;
  author: string;
  body: string;
  created_at: Date | string;
}

function commentFromRow(row: CommentRow): CaseComment {
  return {
    id: Number(row.id),
    alertId: row.alert_id,
    author: row.author,
    body: row.body,
    createdAt: new Date(row.created_at),
  };
}
