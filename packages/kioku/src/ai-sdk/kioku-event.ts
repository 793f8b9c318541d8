import type { ContextOverflow } from '../overflow/context-overflow.js';
import type { StrategyEdit } from '../strategies/strategy.js';
import type { SummaryUsage } from '../strategies/summarization/summary-usage.js';

/** Why a compaction ran: the proactive trigger, a provider's overflow error, or a direct request. */
export type CompactionReason = 'threshold' | 'overflow' | 'manual';

/** The history was compacted. Tokens are the counter's, of the whole prompt (messages and tools). */
export interface ContextCompactedEvent {
  type: 'context-compacted';
  reason: CompactionReason;
  /** What produced the result: the strategy, or it followed by the fallbacks that finished the job. */
  strategy: string;
  /** The deterministic fallbacks used, in order; empty when the strategy's own result was kept. */
  fallbacks: string[];
  /**
   * Tokens of the prompt the compaction stands in for: the one the provider rejected (`overflow`), the
   * one the call would have sent with the per-call strategy alone (`threshold`), else the history given.
   */
  tokensBefore: number;
  tokensAfter: number;
  messagesBefore: number;
  messagesAfter: number;
  /** Must-keep facts (IOCs, user instructions) the summary left out and kioku appended; 0 without a summary. */
  factsRepaired: number;
  /** The summarizer's own calls, when the strategy called one. */
  summaryUsage?: SummaryUsage;
  edits: StrategyEdit[];
}

/** The strategy failed (threw, or returned an empty, invalid or pinned-message-dropping history). */
export interface CompactionFailedEvent {
  type: 'compaction-failed';
  reason: CompactionReason;
  strategy: string;
  /** What went wrong, in a sentence naming the strategy, e.g. `summarization returned no messages`. */
  problem: string;
  /** What the strategy threw, when it threw. */
  error?: unknown;
  /** The summarizer's calls before it failed (billed all the same), when it says. */
  summaryUsage?: SummaryUsage;
}

/** A deterministic strategy stood in: the strategy failed, or its result was still over the target. */
export interface FallbackUsedEvent {
  type: 'fallback-used';
  reason: CompactionReason;
  /** The fallback applied, e.g. `observation-masking`, `truncation`. */
  strategy: string;
  /** The strategy it stands in for. */
  replaces: string;
  why: 'strategy-failed' | 'over-target';
  tokensBefore: number;
  tokensAfter: number;
  /** The most tokens the result may hold. */
  target: number;
}

/** A provider rejected the prompt as too long. */
export interface OverflowDetectedEvent {
  type: 'overflow-detected';
  overflow: ContextOverflow;
  /** 1 for the first rejection of a call, 2 for a rejected retry… */
  attempt: number;
}

/** The call is retried with the compacted prompt. */
export interface RetryEvent {
  type: 'retry';
  /** 1 for the first retry. */
  attempt: number;
  maxRetries: number;
  tokensBefore: number;
  tokensAfter: number;
}

/**
 * The model catalog does not know the model's context window and none was given: kioku works within
 * `contextWindow` (the `fallbackContextWindow` option) and says so once per model.
 */
export interface ContextWindowAssumedEvent {
  type: 'context-window-assumed';
  modelId: string;
  contextWindow: number;
}

/**
 * Reading or writing the conversation's session failed (see `KiokuMiddlewareOptions.sessions`). The call
 * goes on with the state in memory: a failed append is retried at the next call, a compaction that could
 * not be recorded is replaced by the next one; after a failed load, or a history that no longer extends
 * the stored one, the conversation is no longer written (the stored history is never changed).
 */
export interface SessionErrorEvent {
  type: 'session-error';
  conversationId: string;
  operation: 'load' | 'append' | 'record-compaction';
  error: unknown;
}

/**
 * What one call sends, once per prompt kioku prepares (a retry after an overflow prepares another): the
 * counter's tokens, what the strategy changed in it and how long kioku took.
 */
export interface PromptPreparedEvent {
  type: 'prompt-prepared';
  /** The conversation (`id:…` when the caller named it, `derived:…` otherwise), when known. */
  conversationId?: string;
  /** `call`: before a call; `overflow`: the prompt retried after the provider rejected the last one. */
  reason: 'call' | 'overflow';
  /** Tokens of the prompt sent (the provider's usage for what it saw before, the counter's for what is new). */
  tokens: number;
  /** The window worked within (learned from an overflow error when one stated a smaller limit). */
  contextWindow: number;
  messages: number;
  /** Tool outputs shown as a placeholder or cleared in this prompt. */
  outputsMasked: number;
  /** Tool-call inputs cleared in this prompt. */
  inputsCleared: number;
  /** Summaries written for this prompt (model calls made now, not ones carried over). */
  summaries: number;
  /** Anthropic cache breakpoints the prompt carries (`providerOptions.anthropic.cacheControl`). */
  breakpoints: number;
  /** Whether this prompt needed a compaction (the trigger fired, an overflow, a failing strategy). */
  compacted: boolean;
  /** Milliseconds kioku spent preparing it, summaries included. */
  durationMs: number;
}

/**
 * A provider's overflow error stated a limit below the window kioku worked within: the limit is the
 * conversation's window from now on, and the model's for conversations started later in this process.
 */
export interface ContextWindowLearnedEvent {
  type: 'context-window-learned';
  conversationId?: string;
  modelId?: string;
  /** The window kioku worked within until now. */
  previous: number;
  contextWindow: number;
  /** The detector that read the limit, e.g. `openai`, `llama-cpp`. */
  provider: string;
}

/**
 * The provider reported far fewer prompt tokens than kioku counted in what it sent: the server likely
 * dropped part of the prompt without an error (Ollama truncates to its `num_ctx`). Reported once per
 * conversation, warned once per model; the reported usage is no longer trusted for this conversation.
 */
export interface TruncationSuspectedEvent {
  type: 'truncation-suspected';
  conversationId?: string;
  modelId?: string;
  /** The prompt tokens the provider reported. */
  reportedTokens: number;
  /** kioku's count of the prompt it sent. */
  countedTokens: number;
  /** What to do about it. */
  advice: string;
}

/**
 * A call's history does not extend the one kept for its conversation. With a derived id (no
 * `providerOptions.kioku.conversationId`) two conversations likely share a system prompt and first
 * message: kioku keeps them apart (`forked`). With a given id the history was edited or the id reused:
 * kioku starts the conversation's state over (`restarted`).
 */
export interface ConversationDivergedEvent {
  type: 'conversation-diverged';
  conversationId: string;
  /** True when the id was derived from the system prompt and first user message. */
  derived: boolean;
  resolution: 'forked' | 'restarted';
  /** Messages kept for the conversation, and messages the call carried. */
  storedMessages: number;
  incomingMessages: number;
}

/**
 * The conversation cache forgot a conversation, the least recently used: more were kept than
 * `maxConversations` (`count`), or together they held more than `maxBytes` (`bytes`). Its next call, if
 * any, starts over from the history it carries (summarizing again when it is long).
 */
export interface ConversationEvictedEvent {
  type: 'conversation-evicted';
  conversationId: string;
  reason: 'count' | 'bytes';
  /** Bytes the conversation held (its history's, estimated). */
  bytes: number;
  /** Conversations still kept. */
  conversationsLeft: number;
}

/** Everything kioku reports through `onEvent`, for progress display and telemetry. */
export type KiokuEvent =
  | ContextCompactedEvent
  | ContextWindowAssumedEvent
  | ContextWindowLearnedEvent
  | CompactionFailedEvent
  | ConversationDivergedEvent
  | ConversationEvictedEvent
  | FallbackUsedEvent
  | OverflowDetectedEvent
  | PromptPreparedEvent
  | RetryEvent
  | SessionErrorEvent
  | TruncationSuspectedEvent;
