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

/** Everything kioku reports through `onEvent`, for progress display and telemetry. */
export type KiokuEvent =
  | ContextCompactedEvent
  | ContextWindowAssumedEvent
  | CompactionFailedEvent
  | FallbackUsedEvent
  | OverflowDetectedEvent
  | RetryEvent
  | SessionErrorEvent;
