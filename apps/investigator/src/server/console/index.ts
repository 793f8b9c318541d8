export {
  type ApprovalActivity,
  type ChatEventChunks,
  chatEventChunks,
  type ProgressLine,
  type ToolActivity,
} from './chat-event-chunks.js';
export { type ChatRoutesOptions, chatRoutes } from './chat-routes.js';
export { type CompactionLike, compactionLabel } from './compaction-label.js';
export type { ConsoleEnv } from './console-env.js';
export { consoleGuard, csrfHeader, sessionCookie } from './console-guard.js';
export {
  type ContextCompaction,
  type ContextPoint,
  type ConversationContext,
  conversationContext,
} from './conversation-context.js';
export { type ClientAddressOptions, createClientAddress, type TrustProxy } from './create-client-address.js';
export {
  type ConsoleSettings,
  type CreateConsoleServerOptions,
  createConsoleServer,
} from './create-console-server.js';
export { modelContextWindow } from './model-context-window.js';
export { recordRecalls } from './record-recalls.js';
