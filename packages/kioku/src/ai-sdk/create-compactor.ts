import type { ModelMessage } from 'ai';
import { checkCount } from '../strategies/check-option.js';
import type { Strategy, StrategyBudget } from '../strategies/strategy.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { ToolDefinition } from '../transcripts/transcript.js';
import type { ContextOverflow } from '../triggers/context-overflow.js';
import { estimatePromptTokens } from '../triggers/estimate-prompt-tokens.js';
import type { ProactiveTrigger } from '../triggers/proactive-trigger.js';
import { thresholdTrigger } from '../triggers/threshold-trigger.js';
import {
  type CompactWithFallbackResult,
  compactWithFallback,
  type OnDemandStrategy,
} from './compact-with-fallback.js';
import { extendsHistory } from './extends-history.js';
import type { KiokuEvent } from './kioku-event.js';
import { recoveryBudget } from './recovery-budget.js';

/** Options of {@link createCompactor}. */
export interface CompactorOptions {
  /** How to shrink the history, e.g. `summarization(…)` (asked to compact now when the trigger fires). */
  strategy: OnDemandStrategy<unknown>;
  counter: TokenCounter;
  /** The model's context window, in tokens. */
  contextWindow: number;
  /** Tokens kept free for the answer; default 0 (`prepare` may pass the call's `maxOutputTokens`). */
  reservedOutputTokens?: number;
  /** When to compact before a call; default `thresholdTrigger()` (80% of the usable window); `false`: only after an overflow. */
  trigger?: ProactiveTrigger | false;
  /** Deterministic strategies that stand in when the strategy fails; see `compactWithFallback`. */
  fallback?: readonly Strategy[];
  onEvent?: ((event: KiokuEvent) => void) | undefined;
}

/** One call's input: the history as the caller holds it. */
export interface CompactorInput {
  /** The full history, or the prompt `prepare` returned last with new messages after it. */
  messages: readonly ModelMessage[];
  tools?: readonly ToolDefinition[] | undefined;
  /** The call's `maxOutputTokens`, kept free in the window when given. */
  reservedOutputTokens?: number | undefined;
}

/** What to send. */
export interface PreparedPrompt {
  messages: ModelMessage[];
  /** The prompt's tokens, from the provider's last usage plus the counter's count of what is new. */
  estimatedTokens: number;
  /** The compaction made for this call, when one was. */
  compaction?: CompactWithFallbackResult<unknown>;
}

/**
 * Carries compaction across the calls of one conversation: the full history, the compacted view that
 * stands for its start, the strategy's state, and the provider's last reported usage. Never changes what
 * it is given and keeps the full history (`history()`).
 */
export interface Compactor {
  /**
   * The prompt for this call: the compacted view plus the messages added since, compacted first when
   * the trigger fires (judged from the usage the provider reported for the previous call).
   */
  prepare(input: CompactorInput): Promise<PreparedPrompt>;
  /** Records the input tokens the provider reported for the prompt `prepare` (or `recover`) returned last. */
  recordUsage(inputTokens: number | undefined): void;
  /**
   * After the provider rejected the last prompt as too long: compacts now, within a budget calibrated by
   * the figures the error gave (the provider's count against the counter's), and returns the prompt to
   * retry with.
   */
  recover(input: CompactorInput & { overflow: ContextOverflow }): Promise<PreparedPrompt>;
  /** The full history as last seen, never compacted. */
  history(): ModelMessage[];
}

/**
 * A {@link Compactor} for one conversation; make one per conversation (the middleware and `prepareStep`
 * helpers make it for you).
 *
 * @example
 * const compactor = createCompactor({ strategy, counter, contextWindow: 128_000, onEvent: console.log });
 * const { messages } = await compactor.prepare({ messages: history });
 * const result = await generateText({ model, messages });
 * compactor.recordUsage(result.usage.inputTokens);
 */
export function createCompactor({
  strategy,
  counter,
  contextWindow,
  reservedOutputTokens = 0,
  trigger = thresholdTrigger(),
  fallback,
  onEvent,
}: CompactorOptions): Compactor {
  checkCount({ strategy: 'createCompactor', option: 'contextWindow', value: contextWindow, min: 1 });
  checkCount({ strategy: 'createCompactor', option: 'reservedOutputTokens', value: reservedOutputTokens });
  let full: ModelMessage[] = [];
  let view: ModelMessage[] | undefined;
  let covered = 0;
  let state: unknown = strategy.initialState();
  let lastPrompt: ModelMessage[] | undefined;
  let lastUsage: number | undefined;

  const budgetFor = (reserved: number | undefined): StrategyBudget => ({
    contextWindow,
    reservedOutputTokens: Math.min(contextWindow, reserved ?? reservedOutputTokens),
  });

  /** Folds the caller's messages into the full history and returns the prompt to send without compacting. */
  function reconcile(messages: readonly ModelMessage[]): ModelMessage[] {
    const asFull = extendsHistory(full, messages);
    const asPrompt =
      asFull === undefined && lastPrompt !== undefined ? extendsHistory(lastPrompt, messages) : undefined;
    if (asFull !== undefined) {
      full = asFull;
    } else if (asPrompt !== undefined && lastPrompt !== undefined) {
      // The caller sends what we returned plus new messages (prepareStep carries our messages forward).
      full = [...full, ...asPrompt.slice(lastPrompt.length)];
    } else {
      // A different conversation, or an edited history: start over.
      full = messages.slice();
      view = undefined;
      covered = 0;
      state = strategy.initialState();
      lastPrompt = undefined;
      lastUsage = undefined;
    }
    return view === undefined ? full.slice() : [...view, ...full.slice(covered)];
  }

  function estimate(prompt: readonly ModelMessage[], tools: readonly ToolDefinition[] | undefined): number {
    const previous =
      lastPrompt !== undefined &&
      lastUsage !== undefined &&
      lastPrompt.length <= prompt.length &&
      lastPrompt.every((message, index) => prompt[index] === message)
        ? { messageCount: lastPrompt.length, inputTokens: lastUsage }
        : undefined;
    return estimatePromptTokens({ messages: prompt, tools, counter, previous }).tokens;
  }

  async function compact(
    tools: readonly ToolDefinition[] | undefined,
    budget: StrategyBudget,
    target: number,
    reason: 'threshold' | 'overflow',
  ): Promise<CompactWithFallbackResult<unknown>> {
    const result = await compactWithFallback({
      messages: full,
      tools,
      counter,
      budget,
      target,
      strategy,
      state,
      ...(fallback === undefined ? {} : { fallback }),
      reason,
      onEvent,
    });
    state = result.state;
    view = result.messages;
    covered = full.length;
    return result;
  }

  function sent(messages: ModelMessage[]): ModelMessage[] {
    lastPrompt = messages;
    lastUsage = undefined;
    return messages;
  }

  return {
    async prepare({ messages, tools, reservedOutputTokens: reserved }) {
      const prompt = reconcile(messages);
      const estimatedTokens = estimate(prompt, tools);
      const budget = budgetFor(reserved);
      if (trigger === false || !trigger.shouldCompact({ promptTokens: estimatedTokens, budget })) {
        return { messages: sent(prompt), estimatedTokens };
      }
      const compaction = await compact(tools, budget, trigger.target(budget), 'threshold');
      return {
        messages: sent(compaction.messages.slice()),
        estimatedTokens: compaction.tokensAfter,
        compaction,
      };
    },
    recordUsage(inputTokens) {
      if (inputTokens !== undefined && Number.isFinite(inputTokens) && inputTokens > 0)
        lastUsage = inputTokens;
    },
    async recover({ messages, tools, reservedOutputTokens: reserved, overflow }) {
      const rejected = lastPrompt;
      const prompt = reconcile(messages);
      const counted = counter.countPrompt({
        messages: rejected ?? prompt,
        ...(tools === undefined ? {} : { tools }),
      });
      const { budget, target } = recoveryBudget({
        overflow,
        counted,
        budget: budgetFor(reserved),
        trigger: trigger === false ? undefined : trigger,
      });
      const compaction = await compact(tools, budget, target, 'overflow');
      return {
        messages: sent(compaction.messages.slice()),
        estimatedTokens: compaction.tokensAfter,
        compaction,
      };
    },
    history: () => full.slice(),
  };
}
