export { buildCurrentView } from './build-current-view.js';
export { conversationSessions } from './conversation-sessions.js';
export { createSessionStore } from './create-session-store.js';
export { findSessionProblems, type SessionProblem } from './find-session-problems.js';
export { formatSessionExport, type SessionExportFormat } from './format-session-export.js';
export { originalRange } from './original-range.js';
export type { CurrentView, MessageRange, Session, SessionExport, SessionView } from './session.js';
export type {
  AppendMessagesInput,
  CreateSessionInput,
  ListSessionsOptions,
  PruneSessionsOptions,
  RecordCompactionInput,
  ResumedSession,
  ResumeSessionOptions,
  SessionStore,
} from './session-store.js';
