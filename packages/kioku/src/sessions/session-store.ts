import type { ModelMessage } from 'ai';
import type { CurrentView, MessageRange, Session, SessionExport, SessionView } from './session.js';

/** Input of `SessionStore.create`. */
export interface CreateSessionInput {
  /** Default: a random UUID. */
  id?: string;
  title?: string;
  /** JSON object kept with the session (default `{}`). */
  metadata?: Record<string, unknown>;
}

/** Input of `SessionStore.append`: the messages of one turn (or step), in order. */
export interface AppendMessagesInput {
  sessionId: string;
  messages: readonly ModelMessage[];
}

/** Input of `SessionStore.recordCompaction`. */
export interface RecordCompactionInput {
  sessionId: string;
  /** The original messages the summary stands for; `CurrentView.origins` maps view indices to these. */
  replaces: MessageRange;
  summary: readonly ModelMessage[];
  strategy: string;
  tokensBefore: number;
  tokensAfter: number;
}

/** Options of `SessionStore.list`. */
export interface ListSessionsOptions {
  /** At most this many (default: all). */
  limit?: number;
  /** Skip this many first (default 0). */
  offset?: number;
}

/**
 * Conversations persisted append-only: messages are only ever added, and a compaction is recorded as a
 * new view over them, so the original history is always there to read and export. Every write is one
 * transaction; invalid input is refused (with a `KiokuError` naming what is wrong) before any write.
 */
export interface SessionStore {
  create(input?: CreateSessionInput): Promise<Session>;
  /** Appends messages after the last one; returns the positions they got. */
  append(input: AppendMessagesInput): Promise<MessageRange>;
  /** Records a compaction as the session's next view. */
  recordCompaction(input: RecordCompactionInput): Promise<SessionView>;
  /** Throws `UnknownSessionError` when there is no such session. */
  get(sessionId: string): Promise<Session>;
  /** Sessions, most recently written first (by `updatedAt`; PGlite's clock counts milliseconds, ties by id). */
  list(options?: ListSessionsOptions): Promise<Session[]>;
  currentView(sessionId: string): Promise<CurrentView>;
  /** The original messages, all or those in `range`. */
  messages(sessionId: string, range?: Partial<MessageRange>): Promise<ModelMessage[]>;
  /** The session, its original messages and its views, read in one snapshot. */
  export(sessionId: string): Promise<SessionExport>;
}
