import type { ModelMessage } from 'ai';
import { InvalidSessionInputError } from '../errors/invalid-session-input-error.js';
import { retainedBytes } from '../messages/retained-bytes.js';
import { sameMessage } from '../messages/same-message.js';
import type { ContextOverflow } from '../overflow/context-overflow.js';
import type { CachePrices } from '../pricing/cache-prices.js';
import { checkCount } from '../strategies/internal/check-option.js';
import { withDistinctCallIds } from '../strategies/internal/distinct-call-ids.js';
import { withObservationTurns } from '../strategies/internal/observation-turns.js';
import { usableTokens } from '../strategies/internal/usable-tokens.js';
import type { Strategy, StrategyBudget, StrategyEdit, StrategyOutput } from '../strategies/strategy.js';
import { isSummarizeEdit } from '../strategies/summarization/summarize-edit.js';
import { cachedCounter } from '../tokens/cached-counter.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { ToolDefinition } from '../transcripts/transcript.js';
import { estimatePromptTokens } from '../triggers/estimate-prompt-tokens.js';
import type { ProactiveTrigger } from '../triggers/proactive-trigger.js';
import { thresholdTrigger } from '../triggers/threshold-trigger.js';
import { type CompactWithFallbackResult, compactWithFallback } from './compact-with-fallback.js';
import type {
  ConversationCompaction,
  ConversationRange,
  ConversationSessions,
} from './conversation-sessions.js';
import { extendsHistory } from './extends-history.js';
import type { KiokuEvent } from './kioku-event.js';
import { promptFigures } from './prompt-figures.js';
import { recoveryBudget } from './recovery-budget.js';
import { isTruncated, truncationAdvice, warnTruncation } from './silent-truncation.js';
import { summaryCompaction } from './summary-compaction.js';
import { untilAborted } from './until-aborted.js';

/** Options of {@link createCompactor}. */
export interface CompactorOptions {
  /**
   * How to shrink the history: applied to the whole history before every call (as a replay applies it),
   * and asked to compact now (`compact`, else `apply` again, given the trigger's target as `budget.target`;
   * then the fallbacks) when the trigger fires.
   */
  strategy: Strategy<unknown>;
  counter: TokenCounter;
  /** The model's context window, in tokens. */
  contextWindow: number;
  /** Tokens kept free for the answer; default 0 (`prepare` may pass the call's `maxOutputTokens`). */
  reservedOutputTokens?: number;
  /** The model's cache prices relative to its input price, given to the strategy (`StrategyBudget.cachePrices`); default unknown. */
  cachePrices?: CachePrices | undefined;
  /** When to compact before a call; default `thresholdTrigger()` (80% of the usable window); `false`: only after an overflow. */
  trigger?: ProactiveTrigger | false;
  /** Deterministic strategies that stand in when the strategy fails; see `compactWithFallback`. */
  fallback?: readonly Strategy[];
  onEvent?: ((event: KiokuEvent) => void) | undefined;
  /**
   * When the strategy's `apply` throws: `'fallback'` (default) compacts with the fallbacks' net, so the
   * agent's call goes on; `'throw'` rejects (a replay stops there and says so).
   */
  onStrategyError?: 'fallback' | 'throw';
  /**
   * Where the conversation is kept: its new messages are appended at each call, each compaction that
   * changes what stands for earlier messages (a fresh summary, a fallbacks' result) is recorded, and the
   * first call resumes from the latest recorded compaction, so a new process sends the stored summary
   * instead of summarizing again. The strategy starts from its initial state after the stored start
   * (per-call masking is recomputed). A failed write is reported (`session-error`) and never stops the call.
   */
  session?: { sessions: ConversationSessions; conversationId: string } | undefined;
  /** The conversation's id, named in events (default the session's, when there is one). */
  conversationId?: string | undefined;
  /** The model's id, named in events and warnings. */
  modelId?: string | undefined;
  /**
   * When a provider's overflow error states a limit below `contextWindow`, work within it from then on
   * (`context-window-learned`); default true.
   */
  learnContextWindow?: boolean;
  /** Told the window learned from an overflow error (the middleware makes it the model's for new conversations). */
  onContextWindowLearned?: ((contextWindow: number) => void) | undefined;
}

/** One call's input: the history as the caller holds it. */
export interface CompactorInput {
  /** The full history, or the prompt `prepare` returned last with new messages after it. */
  messages: readonly ModelMessage[];
  tools?: readonly ToolDefinition[] | undefined;
  /** The call's `maxOutputTokens`, kept free in the window when given. */
  reservedOutputTokens?: number | undefined;
  /** The call's abort signal: passed to the strategy's model calls; once it fires, `prepare` rejects with its reason. */
  abortSignal?: AbortSignal | undefined;
}

/** What to send. */
export interface PreparedPrompt {
  messages: ModelMessage[];
  /** The prompt's tokens, from the provider's last usage plus the counter's count of what is new (counted when first read). */
  estimatedTokens: number;
  /** What the strategy's `apply` changed for this call (every difference from the history it was given). */
  edits: StrategyEdit[];
  /** The compaction made for this call, when one was. */
  compaction?: CompactWithFallbackResult<unknown>;
}

/**
 * Carries context management across the calls of one conversation: the full history, the strategy's
 * state, the compacted start that fallbacks left, and the provider's last reported usage. Never changes
 * what it is given and keeps the full history (`history()`). Calls are served one at a time: a call
 * waits for the one before it, so concurrent calls of one conversation never interleave their updates.
 */
export interface Compactor {
  /**
   * The prompt for this call: the strategy applied to the history, compacted further when the trigger
   * fires (judged from the usage the provider reported for the previous call).
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
  /**
   * Whether `message` is one of the caller's (in the history as given, not written by a strategy), so it
   * can be sent as it came (the middleware's prompt converter asks).
   */
  isGiven(message: ModelMessage): boolean;
  /**
   * About how many bytes the conversation holds: its full history's (see `retainedBytes`), taken once per
   * message as it arrives. The conversation cache bounds the sum.
   */
  retainedBytes(): number;
  /**
   * Whether `messages` plausibly continue this conversation (a cheap check of the last message seen at
   * its position; `prepare` checks the whole history): true for a conversation not started yet.
   */
  continues(messages: readonly ModelMessage[]): boolean;
  /** The window worked within: `contextWindow`, or the smaller limit an overflow error stated. */
  readonly contextWindow: number;
  /** The conversation's id, when one was given. */
  readonly conversationId: string | undefined;
}

/**
 * A {@link Compactor} for one conversation; make one per conversation (the middleware and `prepareStep`
 * helpers make them for you, and `replayTranscript` replays a transcript through one). Before each call
 * the strategy is applied to the history with the state it returned at the previous call; when the
 * trigger fires on the result, `compactWithFallback` compacts within the trigger's target. A compaction
 * that needed the fallbacks becomes the start of the history the strategy is given from then on.
 *
 * @example
 * const compactor = createCompactor({ strategy: kiokuDefault(), counter, contextWindow: 128_000 });
 * const { messages } = await compactor.prepare({ messages: history });
 * const result = await generateText({ model, messages });
 * compactor.recordUsage(result.usage.inputTokens);
 */
export function createCompactor({
  strategy: given,
  counter: givenCounter,
  contextWindow,
  reservedOutputTokens = 0,
  cachePrices,
  trigger = thresholdTrigger(),
  fallback,
  onEvent,
  onStrategyError = 'fallback',
  session,
  conversationId = session?.conversationId,
  modelId,
  learnContextWindow = true,
  onContextWindowLearned,
}: CompactorOptions): Compactor {
  // A text-based agent's observations (marked user messages) reach the strategy as tool results, and
  // every tool call under an id of its own (a provider may reuse ids).
  const strategy = withObservationTurns(withDistinctCallIds(given));
  // Each message is counted once in its life, and a prompt by what is new in it.
  const counter = cachedCounter(givenCounter);
  checkCount({ strategy: 'createCompactor', option: 'contextWindow', value: contextWindow, min: 1 });
  checkCount({ strategy: 'createCompactor', option: 'reservedOutputTokens', value: reservedOutputTokens });
  /** The full history as the caller holds it. */
  let full: ModelMessage[] = [];
  /** Every message `full` holds or held: the caller's own objects. */
  const callers = new WeakSet<ModelMessage>();
  /** `retainedBytes` of `full`'s messages. */
  let bytes = 0;
  const take = (message: ModelMessage) => {
    callers.add(message);
    bytes += retainedBytes(message);
  };
  /** What a compaction by the fallbacks left in place of `full.slice(0, covered)`. */
  let start: ModelMessage[] | undefined;
  /** The original range behind each message of `start`. */
  let startOrigins: ConversationRange[] = [];
  let covered = 0;
  /** Original messages the session holds; `undefined` until loaded (and for good once it cannot be kept). */
  let stored: number | undefined;
  let syncing = session !== undefined;
  let state: unknown = strategy.initialState();
  let lastPrompt: ModelMessage[] | undefined;
  let lastTools: readonly ToolDefinition[] | undefined;
  /** The prompt `prepare` returned, when a recovery sent another one since (the caller may carry it forward). */
  let carried: ModelMessage[] | undefined;
  let lastUsage: number | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  /** The window worked within: lowered to the limit an overflow error states. */
  let window = contextWindow;
  /** False once the provider's usage showed it dropped part of a prompt: the counter alone is trusted. */
  let usageTrusted = true;
  const named = conversationId === undefined ? {} : { conversationId };

  /** Runs `work` after every call queued before it, so each call sees the state the previous one left. */
  function exclusive<Result>(work: () => Promise<Result>): Promise<Result> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }

  const budgetFor = (reserved: number | undefined): StrategyBudget => ({
    contextWindow: window,
    reservedOutputTokens: Math.min(window, reserved ?? reservedOutputTokens),
    ...(cachePrices === undefined ? {} : { cachePrices }),
  });

  /** Folds the caller's messages into the full history and returns the history the strategy is given. */
  function reconcile(messages: readonly ModelMessage[]): ModelMessage[] {
    const asFull = extendsHistory(full, messages);
    // The caller sends what we returned plus new messages (prepareStep carries our messages forward): the
    // prompt sent last, or the one `prepare` returned before a recovery replaced it.
    const carriedPrompt =
      asFull !== undefined
        ? undefined
        : [lastPrompt, carried].find(
            (prompt) => prompt !== undefined && extendsHistory(prompt, messages) !== undefined,
          );
    if (asFull !== undefined) {
      for (let index = full.length; index < asFull.length; index += 1) take(asFull[index] as ModelMessage);
      full = asFull;
    } else if (carriedPrompt !== undefined) {
      const added = messages.slice(carriedPrompt.length);
      for (const message of added) take(message);
      full = [...full, ...added];
    } else {
      // A different conversation, or an edited history: start over.
      if (full.length > 0 && conversationId !== undefined) {
        onEvent?.({
          type: 'conversation-diverged',
          conversationId,
          derived: conversationId.startsWith('derived:'),
          resolution: 'restarted',
          storedMessages: full.length,
          incomingMessages: messages.length,
        });
      }
      if (syncing && stored !== undefined && stored > 0) {
        stopSyncing('append', stored, `${messages.length} messages that differ from them`);
      }
      full = messages.slice();
      bytes = 0;
      for (const message of full) take(message);
      start = undefined;
      covered = 0;
      state = strategy.initialState();
      lastPrompt = undefined;
      lastUsage = undefined;
    }
    carried = undefined;
    return start === undefined ? full : [...start, ...full.slice(covered)];
  }

  /** The original range behind each message `reconcile` returned. */
  function historyOrigins(): ConversationRange[] {
    const from = start === undefined ? 0 : covered;
    const rest = full.slice(from).map((_, offset) => ({ from: from + offset, to: from + offset + 1 }));
    return start === undefined ? rest : [...startOrigins, ...rest];
  }

  function reportSessionError(operation: 'load' | 'append' | 'record-compaction', error: unknown): void {
    if (session !== undefined) {
      onEvent?.({ type: 'session-error', conversationId: session.conversationId, operation, error });
    }
  }

  /** The caller's history does not extend the stored one: writing on would change what is stored. */
  function stopSyncing(operation: 'load' | 'append', stored: number, found: string): void {
    syncing = false;
    reportSessionError(
      operation,
      new InvalidSessionInputError({
        ...(session === undefined ? {} : { sessionId: session.conversationId }),
        field: 'messages',
        expected: `a history that extends the ${stored} stored messages (the conversation is no longer written)`,
        found,
      }),
    );
  }

  /** At the first call: the session's stored count, and the start its latest compaction left. */
  async function resume(messages: readonly ModelMessage[]): Promise<void> {
    if (session === undefined || !syncing || stored !== undefined) return;
    let conversation: Awaited<ReturnType<ConversationSessions['load']>>;
    try {
      conversation = await session.sessions.load(session.conversationId);
    } catch (error) {
      syncing = false;
      reportSessionError('load', error);
      return;
    }
    if (messages.length < conversation.messageCount) {
      stopSyncing('load', conversation.messageCount, `${messages.length} messages`);
      return;
    }
    stored = conversation.messageCount;
    const compacted = conversation.compacted;
    if (full.length === 0 && compacted !== undefined && compacted.messages.length > 0) {
      start = compacted.messages.slice();
      startOrigins = compacted.origins.map((origin) => ({ ...origin }));
      covered = startOrigins.at(-1)?.to ?? 0;
    }
  }

  /** Appends the messages the session does not hold yet (retried at the next call when it fails). */
  async function appendNew(): Promise<void> {
    if (session === undefined || !syncing || stored === undefined || full.length <= stored) return;
    try {
      await session.sessions.append(session.conversationId, full.slice(stored), stored);
      stored = full.length;
    } catch (error) {
      reportSessionError('append', error);
    }
  }

  async function record(compaction: ConversationCompaction | undefined): Promise<void> {
    if (session === undefined || !syncing || stored === undefined || compaction === undefined) return;
    try {
      await session.sessions.recordCompaction(session.conversationId, compaction);
    } catch (error) {
      reportSessionError('record-compaction', error);
    }
  }

  /** The summary `output` holds fresh from the strategy, as a compaction of original messages. */
  function freshSummary(
    history: readonly ModelMessage[],
    output: { messages: readonly ModelMessage[]; edits: readonly StrategyEdit[] },
    tokens: { before: number; after: number },
  ): ConversationCompaction | undefined {
    if (session === undefined || !syncing) return undefined;
    const made = summaryCompaction({
      history,
      origins: historyOrigins(),
      output: output.messages,
      edits: output.edits,
    });
    return made === undefined
      ? undefined
      : { ...made, strategy: strategy.name, tokensBefore: tokens.before, tokensAfter: tokens.after };
  }

  /** The prompt's tokens, counted when first asked for (a replay without a trigger never asks). */
  function estimate(
    prompt: readonly ModelMessage[],
    tools: readonly ToolDefinition[] | undefined,
  ): () => number {
    const previous =
      usageTrusted &&
      lastPrompt !== undefined &&
      lastUsage !== undefined &&
      lastPrompt.length <= prompt.length &&
      lastPrompt.every((message, index) => prompt[index] === message)
        ? { messageCount: lastPrompt.length, inputTokens: lastUsage }
        : undefined;
    let tokens: number | undefined;
    return () => {
      tokens ??= estimatePromptTokens({ messages: prompt, tools, counter, previous }).tokens;
      return tokens;
    };
  }

  async function compact(
    history: readonly ModelMessage[],
    { tools, abortSignal }: CompactorInput,
    budget: StrategyBudget,
    target: number,
    reason: 'threshold' | 'overflow',
    sentTokens?: number,
  ): Promise<PreparedPrompt> {
    const result = await compactWithFallback({
      messages: history,
      tools,
      counter,
      budget,
      target,
      strategy,
      state,
      ...(fallback === undefined ? {} : { fallback }),
      reason,
      onEvent,
      abortSignal,
      sentTokens,
    });
    let recorded: ConversationCompaction | undefined;
    if (result.fallbacks.length === 0 && result.failure === undefined) {
      state = result.state;
      recorded = freshSummary(history, result, { before: result.tokensBefore, after: result.tokensAfter });
    } else {
      // The fallbacks' result is no state of the strategy's: it becomes the history the strategy is given.
      start = result.messages;
      covered = full.length;
      startOrigins = start.map(() => ({ from: 0, to: covered }));
      state = strategy.initialState();
      if (result.fallbacks.length > 0 && covered > 0) {
        recorded = {
          replaces: { from: 0, to: covered },
          messages: result.messages.slice(),
          strategy: result.strategy,
          tokensBefore: result.tokensBefore,
          tokensAfter: result.tokensAfter,
        };
      }
    }
    await record(recorded);
    return {
      messages: sent(result.messages.slice(), tools),
      estimatedTokens: result.tokensAfter,
      edits: result.edits,
      compaction: result,
    };
  }

  function sent(messages: ModelMessage[], tools: readonly ToolDefinition[] | undefined): ModelMessage[] {
    lastPrompt = messages;
    lastTools = tools;
    lastUsage = undefined;
    return messages;
  }

  /** Says what the prompt holds and what it took (`prompt-prepared`), when someone listens. */
  function report(prepared: PreparedPrompt, reason: 'call' | 'overflow', started: number): PreparedPrompt {
    if (onEvent === undefined) return prepared;
    onEvent({
      type: 'prompt-prepared',
      ...named,
      reason,
      tokens: prepared.estimatedTokens,
      contextWindow: window,
      messages: prepared.messages.length,
      ...promptFigures(prepared),
      compacted: prepared.compaction !== undefined,
      durationMs: performance.now() - started,
    });
    return prepared;
  }

  /** After a provider's usage: a report far under the counter's count of what was sent is a silent truncation. */
  function checkTruncation(reported: number): void {
    if (!usageTrusted || lastPrompt === undefined) return;
    const counted = counter.countPrompt({
      messages: lastPrompt,
      ...(lastTools === undefined ? {} : { tools: lastTools }),
    });
    if (!isTruncated({ reported, counted })) return;
    usageTrusted = false;
    const advice = truncationAdvice({ reported, counted });
    onEvent?.({
      type: 'truncation-suspected',
      ...named,
      ...(modelId === undefined ? {} : { modelId }),
      reportedTokens: reported,
      countedTokens: counted,
      advice,
    });
    warnTruncation(modelId ?? conversationId ?? '', advice);
  }

  /** The window the overflow states, when it is below the one worked within. */
  function learnWindow(overflow: ContextOverflow): void {
    const limit = overflow.tokenLimit;
    if (!learnContextWindow || limit === undefined || limit >= window || limit < 1) return;
    const previous = window;
    window = limit;
    onContextWindowLearned?.(limit);
    onEvent?.({
      type: 'context-window-learned',
      ...named,
      ...(modelId === undefined ? {} : { modelId }),
      previous,
      contextWindow: limit,
      provider: overflow.provider,
    });
  }

  return {
    prepare: (input) =>
      exclusive(async () => {
        const started = performance.now();
        const { tools, reservedOutputTokens: reserved, abortSignal } = input;
        abortSignal?.throwIfAborted();
        await resume(input.messages);
        const history = reconcile(input.messages);
        await appendNew();
        const budget = budgetFor(reserved);
        let output: StrategyOutput<unknown>;
        try {
          output = await untilAborted(
            strategy.apply({
              messages: history,
              ...(tools === undefined ? {} : { tools }),
              counter,
              budget,
              state,
              ...(abortSignal === undefined ? {} : { abortSignal }),
            }),
            abortSignal,
          );
        } catch (error) {
          if (abortSignal?.aborted === true) throw abortSignal.reason;
          if (onStrategyError === 'throw') throw error;
          // A strategy that failed on its own cadence (a summarizer's error): compact with the fallbacks' net.
          const target = trigger === false ? usableTokens(budget) : trigger.target(budget);
          return report(await compact(history, input, budget, target, 'threshold'), 'call', started);
        }
        const estimated = estimate(output.messages, tools);
        if (
          trigger !== false &&
          trigger.shouldCompact({ promptTokens: estimated(), messages: output.messages, budget })
        ) {
          return report(
            await compact(history, input, budget, trigger.target(budget), 'threshold', estimated()),
            'call',
            started,
          );
        }
        state = output.state;
        const summary =
          syncing && output.edits.some((edit) => isSummarizeEdit(edit) && edit.fresh)
            ? freshSummary(history, output, {
                before:
                  estimated() +
                  output.edits.reduce((sum, edit) => sum + edit.tokensBefore - edit.tokensAfter, 0),
                after: estimated(),
              })
            : undefined;
        await record(summary);
        return report(
          {
            messages: sent(output.messages, tools),
            get estimatedTokens() {
              return estimated();
            },
            edits: output.edits,
          },
          'call',
          started,
        );
      }),
    recordUsage(inputTokens) {
      if (inputTokens !== undefined && Number.isFinite(inputTokens) && inputTokens > 0) {
        checkTruncation(inputTokens);
        lastUsage = inputTokens;
      }
    },
    recover: (input) =>
      exclusive(async () => {
        const started = performance.now();
        input.abortSignal?.throwIfAborted();
        await resume(input.messages);
        const rejected = lastPrompt;
        const history = reconcile(input.messages);
        carried = rejected;
        await appendNew();
        const counted = counter.countPrompt({
          messages: rejected ?? history,
          ...(input.tools === undefined ? {} : { tools: input.tools }),
        });
        const { budget, target } = recoveryBudget({
          overflow: input.overflow,
          counted,
          budget: budgetFor(input.reservedOutputTokens),
          trigger: trigger === false ? undefined : trigger,
        });
        learnWindow(input.overflow);
        return report(
          await compact(history, input, budget, target, 'overflow', counted),
          'overflow',
          started,
        );
      }),
    history: () => full.slice(),
    isGiven: (message) => callers.has(message),
    retainedBytes: () => bytes,
    continues(messages) {
      const seen = lastPrompt !== undefined && lastPrompt.length > full.length ? lastPrompt : full;
      if (seen.length === 0) return true;
      const last = seen.length - 1;
      return (
        messages.length >= seen.length &&
        sameMessage(seen[last] as ModelMessage, messages[last] as ModelMessage) &&
        (full.length === 0 || sameMessage(full[0] as ModelMessage, messages[0] as ModelMessage))
      );
    },
    get contextWindow() {
      return window;
    },
    conversationId,
  };
}
