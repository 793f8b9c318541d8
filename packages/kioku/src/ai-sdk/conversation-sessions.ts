import type { ModelMessage } from 'ai';

/** Original message positions `from` (inclusive) to `to` (exclusive) of a conversation, counted from 0. */
export interface ConversationRange {
  from: number;
  to: number;
}

/** A compaction in terms of the original history: messages `[from, to)` are shown as `messages` from now on. */
export interface ConversationCompaction {
  replaces: ConversationRange;
  /** What stands for the replaced range: the messages kept verbatim inside it (pinned ones), then the summary. */
  messages: ModelMessage[];
  /** What produced it, e.g. `kioku-default` or `… → truncation`. */
  strategy: string;
  tokensBefore: number;
  tokensAfter: number;
}

/** What is stored of a conversation when its state is not in memory. */
export interface StoredConversation {
  /** How many original messages are stored. */
  messageCount: number;
  /**
   * The start of the history as the recorded compactions leave it: `messages` stand for the original
   * messages `[0, origins.at(-1).to)`, `origins[i]` the original range behind `messages[i]`; absent when
   * nothing was compacted.
   */
  compacted?: { messages: ModelMessage[]; origins: ConversationRange[] };
}

/**
 * Where kioku's middleware keeps conversations so that a new process (or a conversation dropped from the
 * `conversationCache`) resumes from the last compaction instead of summarizing again. The store layer
 * implements it over a session store (`conversationSessions(createSessionStore(store))` from
 * `kioku/store`); any other implementation must keep the history append-only.
 */
export interface ConversationSessions {
  /** The conversation as stored (created empty when there is none). */
  load(conversationId: string): Promise<StoredConversation>;
  /** Appends `messages`, which take original positions from `from` on (the stored count). */
  append(conversationId: string, messages: readonly ModelMessage[], from: number): Promise<void>;
  /** Records a compaction; a later one replaces an earlier one's range whole or not at all. */
  recordCompaction(conversationId: string, compaction: ConversationCompaction): Promise<void>;
}
