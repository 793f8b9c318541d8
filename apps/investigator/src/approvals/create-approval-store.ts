import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { type Actor, createAuditLog } from '../audit/index.js';
import { UserInputError } from '../auth/user-input-error.js';
import { rowsOf } from '../store/rows-of.js';
import type { Approval, ApprovalStatus } from './approval.js';
import { ApprovalStateError } from './approval-state-error.js';

/** The approvals of write tools' calls, in the store (so the console and the CLI of any process decide them). */
export interface ApprovalStore {
  /** Records a pending approval of `toolName` called with `input` during the chat over `alertId`. */
  request(input: { alertId: string; toolName: string; input: unknown; by: Actor }): Promise<Approval>;
  /**
   * Approves or rejects a pending approval, once: deciding one that is decided, expired or unknown throws
   * `ApprovalStateError` and changes nothing. A rejection needs a reason.
   */
  decide(input: { id: string; approved: boolean; reason?: string | undefined; by: Actor }): Promise<Approval>;
  /** Marks a pending approval expired (its turn was stopped or its server restarted). */
  expire(input: { id: string; by: Actor; reason: string }): Promise<void>;
  get(id: string): Promise<Approval>;
  list(filter?: { status?: ApprovalStatus; alertId?: string }): Promise<Approval[]>;
  /** Resolves when the approval is decided or expired (checked every `pollMs`, default 250), or rejects on `signal`. */
  wait(id: string, options?: { signal?: AbortSignal; pollMs?: number }): Promise<Approval>;
}

interface ApprovalRow {
  id: string;
  alert_id: string;
  tool_name: string;
  input: unknown;
  status: ApprovalStatus;
  requested_by: string;
  requested_at: Date | string;
  decided_by: string | null;
  decided_at: Date | string | null;
  reason: string | null;
}

const columns = sql.raw(
  'id, alert_id, tool_name, input, status, requested_by, requested_at, decided_by, decided_at, reason',
);

/**
 * Approvals of the chat's write tools (`investigator_approvals`): the agent's call waits, pending, until an
 * analyst approves or rejects it in the console or with `investigator approvals`; each request, decision
 * and expiry is written to the audit log in the same transaction. A decision is taken at most once (a
 * conditional update), so a replayed approval changes nothing.
 *
 * @example
 * const approvals = createApprovalStore(store);
 * await approvals.decide({ id, approved: false, reason: 'not during business hours', by });
 */
export function createApprovalStore(store: DrizzleStore): ApprovalStore {
  const audit = createAuditLog(store);
  const select = async (where: SQL) =>
    rowsOf<ApprovalRow>(
      await store.db.execute(
        sql`select ${columns} from investigator_approvals where ${where} order by requested_at, id`,
      ),
    ).map(approvalFromRow);
  const get = async (id: string) => {
    const [found] = await select(sql`id = ${id}`);
    if (found === undefined) throw new ApprovalStateError({ id, message: 'no such approval', found: false });
    return found;
  };
  const settle = async (
    id: string,
    status: ApprovalStatus,
    by: Actor,
    reason: string | null,
    action: string,
  ) => {
    const before = await get(id);
    const changed = await store.transaction(async (tx) => {
      const rows = rowsOf<{ id: string }>(
        await tx.execute(sql`update investigator_approvals set status = ${status}, decided_by = ${by.name}, decided_at = now(), reason = ${reason}
          where id = ${id} and status = 'pending' returning id`),
      );
      if (rows.length === 0) return false;
      await audit.record(tx, {
        actor: by,
        action,
        target: `approval:${id}`,
        before: { status: 'pending', alert: before.alertId, tool: before.toolName, input: before.input },
        after: { status, ...(reason === null ? {} : { reason }) },
      });
      return true;
    });
    if (!changed) {
      const now = await get(id);
      throw new ApprovalStateError({
        id,
        found: true,
        message: `it was already ${now.status}${now.decidedBy === undefined ? '' : ` by ${now.decidedBy}`}; a decision is taken once`,
      });
    }
    return get(id);
  };
  return {
    async request({ alertId, toolName, input, by }) {
      const id = randomBytes(8).toString('hex');
      await store.transaction(async (tx) => {
        await tx.execute(sql`insert into investigator_approvals (id, alert_id, tool_name, input, requested_by)
          values (${id}, ${alertId}, ${toolName}, ${JSON.stringify(input ?? null)}::jsonb, ${by.name})`);
        await audit.record(tx, {
          actor: by,
          action: 'tool.approval-request',
          target: `approval:${id}`,
          after: { alert: alertId, tool: toolName, input },
        });
      });
      return get(id);
    },
    async decide({ id, approved, reason, by }) {
      const why = reason?.trim() ?? '';
      if (!approved && why === '')
        throw new UserInputError({
          input: 'reason',
          expected: 'why the call is rejected (the agent is told)',
          found: 'nothing',
        });
      return settle(
        id,
        approved ? 'approved' : 'rejected',
        by,
        why === '' ? null : why,
        approved ? 'tool.approve' : 'tool.reject',
      );
    },
    async expire({ id, by, reason }) {
      try {
        await settle(id, 'expired', by, reason, 'tool.approval-expire');
      } catch (error) {
        if (!ApprovalStateError.isInstance(error)) throw error;
      }
    },
    get,
    list({ status, alertId } = {}) {
      const where: SQL[] = [sql`true`];
      if (status !== undefined) where.push(sql`status = ${status}`);
      if (alertId !== undefined) where.push(sql`alert_id = ${alertId}`);
      return select(sql.join(where, sql` and `));
    },
    async wait(id, { signal, pollMs = 250 } = {}) {
      for (;;) {
        signal?.throwIfAborted();
        const approval = await get(id);
        if (approval.status !== 'pending') return approval;
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(done, pollMs);
          function done() {
            signal?.removeEventListener('abort', aborted);
            resolve();
          }
          function aborted() {
            clearTimeout(timer);
            reject(signal?.reason);
          }
          signal?.addEventListener('abort', aborted, { once: true });
        });
      }
    },
  };
}

function approvalFromRow(row: ApprovalRow): Approval {
  return {
    id: row.id,
    alertId: row.alert_id,
    toolName: row.tool_name,
    input: row.input,
    status: row.status,
    requestedBy: row.requested_by,
    requestedAt: new Date(row.requested_at),
    ...(row.decided_by === null ? {} : { decidedBy: row.decided_by }),
    ...(row.decided_at === null ? {} : { decidedAt: new Date(row.decided_at) }),
    ...(row.reason === null ? {} : { reason: row.reason }),
  };
}
