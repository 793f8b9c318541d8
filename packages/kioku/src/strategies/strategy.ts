import type { ModelMessage } from 'ai';
import type { CachePrices } from '../pricing/cache-prices.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { ToolDefinition } from '../transcripts/transcript.js';

/** What the model calls a strategy made cost: tokens in, tokens out, and how many calls. */
export interface StrategyUsage {
  inputTokens: number;
  outputTokens: number;
  calls: number;
}

/**
 * What a strategy changed, in the spirit of Anthropic's `applied_edits`: which messages, tokens before
 * and after. A call reports every difference between its input and its output, including edits carried
 * over by its state from earlier calls (what was masked stays masked), so the edits of one call describe
 * the whole output; the state tells which edits are new.
 */
export interface StrategyEdit {
  /** The strategy that made the edit. */
  strategy: string;
  /**
   * What was done: `mask-tool-result`, `clear-tool-result`, `clear-tool-input`, `drop-messages`,
   * `summarize`.
   */
  kind: string;
  /**
   * Indexes of the messages the edit touched, in the history the strategy that made it received. In a
   * `pipeline` or the `adaptive` manager that is the output of the stage before it (edits come in stage
   * order), not the agent's full history: only the first stage's indexes point into the input of `apply`.
   */
  messageIndexes: number[];
  /** The tool whose output or input was edited, when there is one (and only one). */
  toolName?: string;
  /** Tokens of the touched messages before and after the edit, by the counter given to `apply`. */
  tokensBefore: number;
  /**
   * May be counted when first read (a getter): the rewritten message is new to the counter, and a
   * strategy call does not pay for tokenizing it unless someone asks.
   */
  tokensAfter: number;
  /**
   * The model calls the strategy made to produce this edit (a summary, a memory update), reported once,
   * on the call that made them; absent when the edit needed no model or is carried over from an earlier
   * call. A replay bills them on top of the agent's own call, so a strategy's model calls are never free.
   */
  usage?: StrategyUsage;
}

/** The token budget a strategy works within, and what cached tokens cost. */
export interface StrategyBudget {
  /** The model's context window, in tokens. */
  contextWindow: number;
  /** Tokens to leave free for the model's answer; default 0. */
  reservedOutputTokens?: number;
  /**
   * The cache prices the call is billed at, relative to the model's input price, when the caller knows
   * them (a replay from its pricing, the middleware from the model catalog: `cachePrices`); a strategy
   * that weighs rewriting a cached prefix (`cachePayback`) assumes Anthropic's when absent.
   */
  cachePrices?: CachePrices;
}

/** What `apply` receives: the full history as the agent holds it, and the strategy's state from the previous call. */
export interface StrategyInput<State> {
  /** The full, unmanaged history; strategies never change it in place. */
  messages: readonly ModelMessage[];
  tools?: readonly ToolDefinition[];
  counter: TokenCounter;
  budget: StrategyBudget;
  /** The state this strategy returned at the previous call, or its `initialState()` at the first. */
  state: State;
  /** The caller's abort signal, passed to every model call the strategy makes (summaries). */
  abortSignal?: AbortSignal | undefined;
}

/** What `apply` returns: the history to send, the edits made, and the state for the next call. */
export interface StrategyOutput<State> {
  messages: ModelMessage[];
  edits: StrategyEdit[];
  state: State;
}

/**
 * A way to shrink a history, made by a factory. Pure with respect to its input: the same history and
 * state give the same output. `state` carries decisions across calls (what was masked stays masked), so
 * the prefix a provider has cached is not rewritten needlessly. `apply` runs before every call; a
 * strategy that can also shrink the history on demand, whatever its own cadence (summarization), offers
 * `compact`, which a trigger (`thresholdTrigger`) or a provider's overflow error calls.
 */
export interface Strategy<State = unknown> {
  readonly name: string;
  /** True when the output loses information (masking, clearing, truncation, summaries). */
  readonly lossy: boolean;
  /** True when `apply` calls a language model. */
  readonly needsModel: boolean;
  /**
   * True when `apply` marks the prompt's Anthropic cache breakpoints itself
   * (`providerOptions.anthropic.cacheControl`, at most 4; see `cacheBreakpoints`): a replay then bills the
   * prompt with those markers instead of placing them as the agent would.
   */
  readonly placesCacheBreakpoints?: boolean;
  initialState(): State;
  apply(input: StrategyInput<State>): Promise<StrategyOutput<State>>;
  /**
   * Shrinks now, whatever the strategy's own cadence says (for a trigger that fired or a provider's
   * context-overflow error). Absent: `apply` stands in.
   */
  compact?(input: StrategyInput<State>): Promise<StrategyOutput<State>>;
}
