import type { HistoryViolation } from '../messages/history-violation.js';

/** What one re-created LLM call sent and cost under a strategy. */
export interface ReplayedCall {
  /** Messages in the unmanaged prompt (the transcript's first `messageCount`). */
  messageCount: number;
  /** Messages the strategy sent instead. */
  sentMessages: number;
  /** Prompt tokens of the unmanaged prompt, tools included. */
  unmanagedTokens: number;
  /** Prompt tokens of the managed prompt, tools included: what the call sent. */
  inputTokens: number;
  /** Tokens the model answered with (recorded, or counted from the transcript's answer). */
  outputTokens: number;
  /** Context the call occupied: the managed prompt plus the answer. */
  contextTokens: number;
  /** USD with every prompt token at the plain input price. */
  costNoCache: number;
  /** USD with the provider's prompt cache simulated over the sequence of managed prompts. */
  costCached: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  /** Problems a provider would reject the managed prompt for that the unmanaged prompt did not have. */
  violations: HistoryViolation[];
  /** Milliseconds the strategy's `apply` took. */
  strategyMs: number;
  /** Edits the strategy reported. */
  edits: number;
  /** Tokens of tool inputs and outputs the managed prompt left out, by tool name. */
  savedByTool: Record<string, number>;
}

/** Sums over the calls of one replay. */
export interface ReplayTotals {
  calls: number;
  inputTokens: number;
  unmanagedTokens: number;
  outputTokens: number;
  peakContextTokens: number;
  costNoCache: number;
  costCached: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  violations: number;
  strategyMs: number;
  savedByTool: Record<string, number>;
}

/** One transcript replayed call by call through one strategy. */
export interface TranscriptReplay {
  transcript: { file: string; id: string; format: string; model?: string };
  /** The strategy's name. */
  strategy: string;
  /** The pricing's name. */
  pricing: string;
  calls: ReplayedCall[];
  totals: ReplayTotals;
}
