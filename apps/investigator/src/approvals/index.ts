export type { Approval, ApprovalStatus } from './approval.js';
export { ApprovalStateError } from './approval-state-error.js';
export { type ApprovalStore, createApprovalStore } from './create-approval-store.js';
export {
  classifyMcpTool,
  mcpAnnotations,
  type ToolAccess,
  toolAccess,
  withToolAccess,
} from './tool-access.js';
