import type { CallFidelity } from '../fidelity/call-fidelity.js';
import type { FidelityTotals } from '../fidelity/fidelity-totals.js';
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
  /**
   * Whether the managed prompt plus the tokens reserved for the answer (the budget's
   * `reservedOutputTokens`, 0 when none) is over the context window: a call the provider would reject.
   */
  overWindow: boolean;
  /** Model calls the strategy itself made to prepare this call (summaries…), from its edits' `usage`. */
  strategyCalls: number;
  /** Prompt tokens of the strategy's own model calls. */
  strategyInputTokens: number;
  /** Answer tokens of the strategy's own model calls. */
  strategyOutputTokens: number;
  /**
   * USD with every prompt token at the plain input price, plus the strategy's own model calls (at the
   * model's input and output prices).
   */
  costNoCache: number;
  /**
   * USD with the provider's prompt cache simulated over the sequence of managed prompts, plus the
   * strategy's own model calls, billed uncached (they share no prefix with the agent's prompts).
   */
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
  /** The facts of the agent's answer that only tool outputs held and the managed prompt hid (`fidelityMeter`). */
  fidelity: CallFidelity;
}

/** Sums over the calls of one replay. */
export interface ReplayTotals {
  calls: number;
  /**
   * Every input token the strategy's choices cost in model calls: the managed prompts (`promptTokens`)
   * plus the prompts of the strategy's own model calls (`strategyInputTokens`). Ratios to the unmanaged
   * history are taken on it, so a summary's prompt is never free; the summary itself, an answer, is in
   * `strategyOutputTokens` (and in the costs), not here.
   */
  inputTokens: number;
  /** Prompt tokens of the managed prompts the agent's calls sent. */
  promptTokens: number;
  unmanagedTokens: number;
  /** The agent's answers. */
  outputTokens: number;
  /** Model calls the strategy made itself (summaries…). */
  strategyCalls: number;
  /** Prompt tokens of the strategy's own model calls. */
  strategyInputTokens: number;
  /** Answer tokens of the strategy's own model calls (the summaries), billed at the output price. */
  strategyOutputTokens: number;
  peakContextTokens: number;
  /** As the calls' costs, the strategy's own model calls included. */
  costNoCache: number;
  costCached: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  violations: number;
  /** Calls over the context window (see `ReplayedCall.overWindow`). */
  callsOverWindow: number;
  strategyMs: number;
  savedByTool: Record<string, number>;
  /** The calls' fidelity added up. */
  fidelity: FidelityTotals;
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
