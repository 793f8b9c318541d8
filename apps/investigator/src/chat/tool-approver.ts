/** A write tool's call waiting for a decision. */
export interface ApprovalRequest {
  toolName: string;
  toolCallId: string;
  input: unknown;
}

/** An analyst's decision on a write tool's call. */
export interface ApprovalDecision {
  /** The approval's id in the store (named in events, the console and the CLI). */
  approvalId: string;
  approved: boolean;
  by: string;
  reason?: string | undefined;
}

/**
 * Decides a write tool's call. `announce` is called once the approval exists (with its id), before the
 * wait; the promise settles with the decision, or rejects when `abortSignal` aborts the turn.
 */
export type ToolApprover = (
  request: ApprovalRequest,
  options: { announce: (approvalId: string) => void; abortSignal?: AbortSignal | undefined },
) => Promise<ApprovalDecision>;
