import type { ModelMessage } from 'ai';
import { usableTokens } from '../strategies/internal/usable-tokens.js';
import { observationMasking } from '../strategies/observation-masking/observation-masking.js';
import type { Strategy, StrategyBudget, StrategyEdit } from '../strategies/strategy.js';
import { truncation } from '../strategies/truncation/truncation.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { ToolDefinition } from '../transcripts/transcript.js';
import { compactionProblem } from './check-compaction.js';
import type { CompactionReason, KiokuEvent } from './kioku-event.js';
import { failureUsage, type SummaryReport, summaryReport } from './summary-report.js';
import { untilAborted } from './until-aborted.js';

/** Options of {@link compactWithFallback}. */
export interface CompactWithFallbackOptions<State> {
  /** The full history; never changed. */
  messages: readonly ModelMessage[];
  tools?: readonly ToolDefinition[] | undefined;
  counter: TokenCounter;
  /** The budget the strategy works within. */
  budget: StrategyBudget;
  /**
   * Most tokens the result may hold: the strategy is asked to shrink to it (`budget.target`), and over
   * it the fallbacks take over. Default: the usable window.
   */
  target?: number;
  /** How to shrink; one with a `compact` method (summarization) is asked to compact now, else it is applied. */
  strategy: Strategy<State>;
  /** The strategy's state from the previous compaction; default its `initialState()`. */
  state?: State;
  /**
   * Deterministic strategies applied in order when the strategy fails (the first always, the next while
   * over `target`) or when its result is over `target` (while over it). Each works within a budget of
   * `target` tokens. Default: `observationMasking()`, then `truncation()`.
   */
  fallback?: readonly Strategy[];
  /** Reported in events; default `manual`. */
  reason?: CompactionReason;
  onEvent?: ((event: KiokuEvent) => void) | undefined;
  /**
   * The caller's abort signal: passed to the strategy (its model calls); once it fires, the compaction
   * rejects with the signal's reason at once, with no fallback.
   */
  abortSignal?: AbortSignal | undefined;
  /**
   * Tokens of the prompt this compaction stands in for, as last sent or about to be sent (the per-call
   * strategy's output, a rejected prompt), reported as `tokensBefore`; default the count of `messages`.
   */
  sentTokens?: number | undefined;
}

/** What {@link compactWithFallback} produced. */
export interface CompactWithFallbackResult<State> extends SummaryReport {
  /** The compacted history to send. */
  messages: ModelMessage[];
  /** The strategy's state for the next compaction (unchanged when it failed). */
  state: State;
  /** The strategy, or it followed by the fallbacks used, e.g. `summarization → truncation`. */
  strategy: string;
  fallbacks: string[];
  /** Why the strategy's own result was not used, when it was not. */
  failure?: string;
  /** Tokens of the prompt it stands in for (`sentTokens`, else the count of `messages`). */
  tokensBefore: number;
  tokensAfter: number;
  edits: StrategyEdit[];
}

/**
 * One compaction with a safety net: runs `strategy` on the full history (its `compact` when it has one,
 * asked to shrink to `target`), checks what it returns (not
 * empty, valid where the input was, pinned messages kept), and when it failed (threw — a summarizer's
 * error, an empty or garbage summary — or returned a bad history) or left the prompt over `target`,
 * finishes the job with deterministic fallbacks (masking, then truncation) and says so through
 * `onEvent`. The input is never changed; when everything fails the history is returned as it was.
 *
 * @example
 * const result = await compactWithFallback({ messages, counter, budget: { contextWindow: 128_000 }, strategy });
 * console.log(result.strategy, result.tokensBefore, '→', result.tokensAfter, result.factsRepaired);
 */
export async function compactWithFallback<State>({
  messages,
  tools,
  counter,
  budget,
  target = usableTokens(budget),
  strategy,
  state = strategy.initialState(),
  fallback = [observationMasking(), truncation()],
  reason = 'manual',
  onEvent,
  abortSignal,
  sentTokens,
}: CompactWithFallbackOptions<State>): Promise<CompactWithFallbackResult<State>> {
  const count = (history: readonly ModelMessage[]) =>
    counter.countPrompt(tools === undefined ? { messages: history } : { messages: history, tools });
  const tokensBefore = count(messages);
  let current: readonly ModelMessage[] = messages;
  let nextState = state;
  let edits: StrategyEdit[] = [];
  let report: SummaryReport = { factsRepaired: 0 };
  let failure: string | undefined;
  try {
    const input = {
      messages,
      ...(tools === undefined ? {} : { tools }),
      counter,
      budget: { ...budget, target },
      state,
      ...(abortSignal === undefined ? {} : { abortSignal }),
    };
    // The caller decided it is time: a strategy that can compact on demand (summarization) does, whatever its own trigger.
    const output = await untilAborted(
      (strategy.compact ?? strategy.apply).call(strategy, input),
      abortSignal,
    );
    const problem = compactionProblem(messages, output.messages);
    failure = problem === undefined ? undefined : `${strategy.name} ${problem}`;
    if (failure === undefined) {
      current = output.messages;
      nextState = output.state;
      edits = output.edits;
      report = summaryReport(output.edits);
    }
    if (failure !== undefined)
      onEvent?.({ type: 'compaction-failed', reason, strategy: strategy.name, problem: failure });
  } catch (error) {
    if (abortSignal?.aborted === true) throw abortSignal.reason;
    const message = error instanceof Error ? error.message : String(error);
    failure = message.startsWith(strategy.name) ? message : `${strategy.name} threw: ${message}`;
    const summaryUsage = failureUsage(error);
    onEvent?.({
      type: 'compaction-failed',
      reason,
      strategy: strategy.name,
      problem: failure,
      error,
      ...(summaryUsage === undefined ? {} : { summaryUsage }),
    });
    if (summaryUsage !== undefined) report = { factsRepaired: 0, summaryUsage };
  }

  const fallbacks: string[] = [];
  let tokens = current === messages ? tokensBefore : count(current);
  for (const [index, stand] of fallback.entries()) {
    const needed = (failure !== undefined && index === 0) || tokens > target;
    if (!needed) break;
    const output = await stand.apply({
      messages: current,
      ...(tools === undefined ? {} : { tools }),
      counter,
      budget: { contextWindow: target, reservedOutputTokens: 0 },
      state: stand.initialState(),
    });
    if (compactionProblem(current, output.messages) !== undefined) continue;
    const after = count(output.messages);
    onEvent?.({
      type: 'fallback-used',
      reason,
      strategy: stand.name,
      replaces: strategy.name,
      why: failure === undefined ? 'over-target' : 'strategy-failed',
      tokensBefore: tokens,
      tokensAfter: after,
      target,
    });
    fallbacks.push(stand.name);
    edits = [...edits, ...output.edits];
    current = output.messages;
    tokens = after;
  }

  const result: CompactWithFallbackResult<State> = {
    messages: current === messages ? messages.slice() : (current as ModelMessage[]),
    state: nextState,
    strategy: [...(failure === undefined ? [strategy.name] : []), ...fallbacks].join(' → ') || strategy.name,
    fallbacks,
    tokensBefore: sentTokens ?? tokensBefore,
    tokensAfter: tokens,
    edits,
    ...report,
  };
  if (failure !== undefined) result.failure = failure;
  if (result.messages.length !== messages.length || tokens !== tokensBefore) {
    onEvent?.({
      type: 'context-compacted',
      reason,
      strategy: result.strategy,
      fallbacks,
      tokensBefore: result.tokensBefore,
      tokensAfter: tokens,
      messagesBefore: messages.length,
      messagesAfter: result.messages.length,
      factsRepaired: result.factsRepaired,
      ...(result.summaryUsage === undefined ? {} : { summaryUsage: result.summaryUsage }),
      edits,
    });
  }
  return result;
}
