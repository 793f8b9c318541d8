import type { DrizzleStore } from 'kioku/store/drizzle';
import { createApprovalStore } from '../approvals/index.js';
import type { Actor } from '../audit/index.js';
import type { ToolApprover } from './open-chat.js';

/**
 * The chat's approver of write tools' calls through the store: each call becomes a pending approval
 * (audited, announced with its id), and the turn waits until an analyst decides it in the console or with
 * `investigator approvals` — from any process sharing the store (PostgreSQL; a directory store serves one
 * process). A stopped turn expires its approval, so it can no longer be approved.
 *
 * @example
 * const opened = await openAlertChat({ store, alertId, model, approve: storeApprover({ store, alertId, by }) });
 */
export function storeApprover({
  store,
  alertId,
  by,
}: {
  store: DrizzleStore;
  alertId: string;
  by: Actor;
}): ToolApprover {
  const approvals = createApprovalStore(store);
  return async (request, { announce, abortSignal }) => {
    const approval = await approvals.request({
      alertId,
      toolName: request.toolName,
      input: request.input,
      by,
    });
    announce(approval.id);
    try {
      const decided = await approvals.wait(
        approval.id,
        abortSignal === undefined ? {} : { signal: abortSignal },
      );
      return {
        approvalId: decided.id,
        approved: decided.status === 'approved',
        by: decided.decidedBy ?? 'nobody',
        reason: decided.status === 'expired' ? `expired: ${decided.reason ?? ''}` : decided.reason,
      };
    } catch (error) {
      await approvals.expire({
        id: approval.id,
        by: { name: 'investigator', via: 'system' },
        reason: 'the turn was stopped',
      });
      throw error;
    }
  };
}
