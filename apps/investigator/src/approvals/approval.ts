/** Where a write tool's call stands: waiting for an analyst, decided, or expired (its turn ended first). */
export type ApprovalStatus = 'pending' | 'approved' | 'rejected' | 'expired';

/** A write tool's call, held until an analyst approves or rejects it. */
export interface Approval {
  id: string;
  alertId: string;
  toolName: string;
  input: unknown;
  status: ApprovalStatus;
  /** Who asked the agent the question that led to the call. */
  requestedBy: string;
  requestedAt: Date;
  decidedBy?: string;
  decidedAt?: Date;
  /** The analyst's reason (required to reject; the agent is told it). */
  reason?: string;
}
