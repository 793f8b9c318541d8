import { useState } from 'react';
import type { ApprovalActivity } from '../../src/server/console/chat-event-chunks.js';
import { api } from './api.js';
import { ErrorMessage } from './error-message.js';

/** A write tool's call in the chat: what it would do, and Approve / Reject (with a reason) while it waits. */
export function ApprovalCard({ approval, canDecide }: { approval: ApprovalActivity; canDecide: boolean }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const decide = (approved: boolean) => {
    setSent(true);
    api(`/approvals/${encodeURIComponent(approval.approvalId)}`, {
      method: 'POST',
      body: { approved, ...(reason.trim() === '' ? {} : { reason: reason.trim() }) },
    }).catch((caught: unknown) => {
      setSent(false);
      setError(caught instanceof Error ? caught.message : String(caught));
    });
  };
  const reasonId = `reason-${approval.approvalId}`;
  return (
    <fieldset className={`approval approval-${approval.state}`} data-testid="approval">
      <legend>Approval of {approval.toolName}</legend>
      <p>
        <strong>{approval.toolName}</strong> <code>{approval.arguments}</code>
      </p>
      {approval.state === 'pending' ? (
        canDecide ? (
          <div className="approval-actions">
            <label htmlFor={reasonId}>
              Reason (required to reject; the agent is told)
              <input id={reasonId} value={reason} onChange={(event) => setReason(event.target.value)} />
            </label>
            <button type="button" disabled={sent} onClick={() => decide(true)}>
              Approve
            </button>
            <button type="button" disabled={sent || reason.trim() === ''} onClick={() => decide(false)}>
              Reject
            </button>
          </div>
        ) : (
          <p className="hint">Waits for an analyst's approval.</p>
        )
      ) : (
        <p data-testid="approval-decision">
          {approval.state} by {approval.by}
          {approval.reason === undefined ? '' : `: ${approval.reason}`}
        </p>
      )}
      <ErrorMessage error={error} />
    </fieldset>
  );
}
