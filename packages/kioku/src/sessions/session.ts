import type { ModelMessage } from 'ai';

/** Original message positions `from` (inclusive) to `to` (exclusive), counted from 0 in a session. */
export interface MessageRange {
  from: number;
  to: number;
}

/** One stored conversation, without its messages. */
export interface Session {
  id: string;
  title?: string;
  /** Free-form JSON the caller attached (agent name, alert id, model...). */
  metadata: Record<string, unknown>;
  /** How many original messages have been appended. */
  messageCount: number;
  /** How many compactions have been recorded: the current view's version. */
  viewCount: number;
  createdAt: Date;
  /** The time of the last append or compaction. */
  updatedAt: Date;
}

/**
 * One compaction, kept forever: from `version` on, original messages `replaces` are shown as `summary`.
 * Later compactions may replace this one's range whole (with more around it), never part of it.
 */
export interface SessionView {
  /** 1 for the first compaction of the session, then 2, 3... */
  version: number;
  replaces: MessageRange;
  /** The messages standing in for the replaced range; empty when the range was dropped. */
  summary: ModelMessage[];
  /** The strategy that produced it, e.g. `summary` or `observation-masking`. */
  strategy: string;
  /** Size of the history the model saw before and after the compaction, in the caller's token count. */
  tokensBefore: number;
  tokensAfter: number;
  /** How many original messages the session had when the compaction was recorded. */
  messageCount: number;
  createdAt: Date;
}

/** The history a model should see now: summaries in place of what they replaced, the rest as appended. */
export interface CurrentView {
  sessionId: string;
  /** The latest compaction's version; 0 when nothing was compacted (the view is the original). */
  version: number;
  messages: ModelMessage[];
  /**
   * For each of `messages`, the original positions it stands for: its own position for a kept message,
   * the whole replaced range for a summary message. Use it to name a compaction's range.
   */
  origins: MessageRange[];
  /** How many original messages the session holds. */
  messageCount: number;
}

/** Everything stored about a session: the full original history and every compaction. */
export interface SessionExport {
  session: Session;
  messages: ModelMessage[];
  views: SessionView[];
}
