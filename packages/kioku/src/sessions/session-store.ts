import type { ModelMessage, SystemModelMessage } from 'ai';
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
  /**
   * The position `messages[0]` takes. Default: after the last stored message. When given and the session
   * already holds messages from there on (another writer stored part of this turn, e.g. kioku's middleware
   * with the same session), those that are the same messages (role and content; provider options aside)
   * are not stored again and the rest are appended; a different message there, or a gap before `from`,
   * is refused with `InvalidSessionInputError` and nothing is written.
   */
  from?: number;
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

/** Options of `SessionStore.prune`. */
export interface PruneSessionsOptions {
  /** Delete the sessions last written (appended to, compacted) before this time. */
  updatedBefore: Date;
  /** Only list the sessions that would be deleted (default false). */
  dryRun?: boolean;
}

/** Options of `SessionStore.resume`. */
export interface ResumeSessionOptions {
  /** Messages to send after the stored ones, e.g. the user's next message; stored by `onEnd` with the answer. */
  newMessages?: readonly ModelMessage[];
  /**
   * `'original'` (default): every original message, as kioku's middleware wants them (it applies the
   * recorded compactions itself); `'current'`: the current view, each summary in place of what it replaced.
   */
  view?: 'original' | 'current';
}

/**
 * A stored session as `generateText`, `streamText` and agents take it: spread it into the call. The
 * system messages that open the history are `instructions` (the AI SDK refuses system messages among
 * `messages`); `onEnd` stores the new messages and the answer when the call ends.
 */
export interface ResumedSession {
  /** The system messages the history opens with; absent when it has none. */
  instructions?: SystemModelMessage[];
  /** The rest of the history, then `newMessages`. */
  messages: ModelMessage[];
  /** `true` when a system message comes later in the history, which the AI SDK otherwise refuses. */
  allowSystemInMessages?: true;
  /**
   * The call's `onEnd`: appends `newMessages` and the call's response messages (`responseMessages`: every
   * step's assistant and tool messages) after the messages stored when the session was resumed, in one
   * transaction; what another writer already stored of them (kioku's middleware) is not stored twice.
   * Rejects with `InvalidSessionInputError` when someone else appended other messages meanwhile.
   */
  onEnd(event: { responseMessages: readonly ModelMessage[] }): Promise<void>;
}

/**
 * Conversations persisted append-only: messages are only ever added, and a compaction is recorded as a
 * new view over them, so the original history is always there to read and export. Every write is one
 * transaction; invalid input is refused (with a `KiokuError` naming what is wrong) before any write, and
 * a failed read or write throws a `StorageError` that names the driver's reason (never the messages).
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
  /**
   * The session ready to continue with the AI SDK (see {@link ResumedSession}).
   *
   * @example
   * const { text } = await generateText({
   *   model,
   *   ...(await sessions.resume('alert-4711', { newMessages: [{ role: 'user', content: 'Which hosts did it reach?' }] })),
   * }); // the question and the answer are stored when the call ends
   */
  resume(sessionId: string, options?: ResumeSessionOptions): Promise<ResumedSession>;
  /**
   * Deletes the session, its messages, its views and the chunks of its history kept for recall
   * (`openEvictedHistory`), in one transaction; nothing else. False when there was no such session.
   */
  delete(sessionId: string): Promise<boolean>;
  /** Deletes (as `delete` does) every session last written before `updatedBefore`; returns their ids. */
  prune(options: PruneSessionsOptions): Promise<string[]>;
}
