import { useCallback, useEffect, useState } from 'react';
import { api } from './api.js';
import { ApprovalCard } from './approval-card.js';
import { ErrorMessage } from './error-message.js';
import { useCan } from './user-context.js';

interface Approval {
  id: string;
  alertId: string;
  toolName: string;
  input: unknown;
  status: 'pending' | 'approved' | 'rejected' | 'expired';
  requestedBy: string;
  decidedBy?: string;
  reason?: string;
}

/** Write tools' calls waiting for an analyst, from the console's chats and the CLI's, and the latest decisions. */
export function ApprovalsPage() {
  const analyst = useCan('analyst');
  const [approvals, setApprovals] = useState<Approval[]>([]);
  const [error, setError] = useState<string | undefined>();
  const load = useCallback(() => {
    api<{ approvals: Approval[] }>('/approvals').then(
      (answer) => setApprovals(answer.approvals),
      (caught: unknown) => setError(String(caught)),
    );
  }, []);
  useEffect(() => {
    load();
    const timer = setInterval(load, 3000);
    return () => clearInterval(timer);
  }, [load]);
  const pending = approvals.filter((approval) => approval.status === 'pending');
  const decided = approvals
    .filter((approval) => approval.status !== 'pending')
    .slice(-20)
    .reverse();
  return (
    <section aria-labelledby="approvals-heading">
      <h1 id="approvals-heading">Approvals</h1>
      <ErrorMessage error={error} />
      <h2>Waiting</h2>
      {pending.length === 0 ? <p>Nothing waits for a decision.</p> : null}
      {pending.map((approval) => (
        <div key={approval.id}>
          <p className="hint">
            <a href={`#/alerts/${encodeURIComponent(approval.alertId)}`}>Alert {approval.alertId}</a>, asked
            by {approval.requestedBy}
          </p>
          <ApprovalCard
            approval={{
              approvalId: approval.id,
              toolName: approval.toolName,
              arguments: JSON.stringify(approval.input),
              state: 'pending',
            }}
            canDecide={analyst}
          />
        </div>
      ))}
      <h2>Decided</h2>
      <ul className="decided">
        {decided.map((approval) => (
          <li key={approval.id}>
            {approval.toolName} <code>{JSON.stringify(approval.input)}</code>: {approval.status}
            {approval.decidedBy === undefined ? '' : ` by ${approval.decidedBy}`}
            {approval.reason === undefined ? '' : ` (${approval.reason})`}
          </li>
        ))}
      </ul>
    </section>
  );
}
