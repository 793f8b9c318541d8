import { performance } from 'node:perf_hooks';
import { createCompactor, type PreparedPrompt } from '../ai-sdk/create-compactor.js';
import { ReplayConfigurationError } from '../errors/replay-configuration-error.js';
import { ReplayStrategyError } from '../errors/replay-strategy-error.js';
import { type FidelityMeter, fidelityMeter } from '../fidelity/fidelity-meter.js';
import { validateHistory } from '../messages/validate-history.js';
import { cachePrices } from '../pricing/cache-prices.js';
import type { CostReport } from '../pricing/call-bill.js';
import { noCachePolicy } from '../pricing/no-cache-policy.js';
import { type SimulatedCall, simulateCosts } from '../pricing/simulate-cost.js';
import type { Strategy, StrategyBudget } from '../strategies/strategy.js';
import { cachedCounter } from '../tokens/cached-counter.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { Transcript } from '../transcripts/transcript.js';
import type { ProactiveTrigger } from '../triggers/proactive-trigger.js';
import { type BreakpointPlan, type BreakpointPolicy, breakpointPlan } from './breakpoint-policy.js';
import { editsUsage } from './edits-usage.js';
import { violationsNotIn } from './introduced-violations.js';
import { markedPrompts } from './marked-prompts.js';
import type { ReplayPricing } from './replay-pricing.js';
import { replayTotals } from './replay-totals.js';
import { savedByTool, toolTokens } from './tool-tokens.js';
import type { ReplayedCall, TranscriptReplay } from './transcript-replay.js';
import { type UnmanagedCalls, unmanagedCalls } from './unmanaged-calls.js';

/** Options of {@link replayTranscript}. */
export interface ReplayTranscriptOptions {
  transcript: Transcript;
  strategy: Strategy<unknown>;
  /** Counts the prompts; use the transcript model's counter (`counterForModel`). */
  counter: TokenCounter;
  pricing: ReplayPricing;
  /** The budget the strategy works within; default the pricing model's context window, and cache prices from `pricing`. */
  budget?: StrategyBudget | undefined;
  /**
   * When to compact beyond what the strategy does before every call (e.g. `thresholdTrigger()`, as
   * `kiokuMiddleware` does); default none: the strategy's `apply` alone.
   */
  trigger?: ProactiveTrigger | undefined;
  /**
   * Where the cache breakpoints of the prompts go, for pricings that cache only marked prefixes (see
   * `BreakpointPolicy`): `agent`, `frontier` or `none` for every strategy alike; default `own` (the
   * strategy's own markers if it places them, else the agents' rule).
   */
  breakpoints?: BreakpointPolicy | undefined;
  /**
   * Measures what each managed prompt hid of the facts the agent's answer used; default a new
   * `fidelityMeter()`. Share one between the strategies replayed over a transcript: it remembers where
   * each answer's facts came from.
   */
  fidelity?: FidelityMeter | undefined;
}

/**
 * Replays a recorded agent run through a strategy the way an agent loop would run it: before each LLM call
 * the agent made (the recorded calls, or one per assistant message), the strategy gets the full history up
 * to that call and the state it returned at the previous call, and the managed prompt it returns is what
 * the call sends. The calls go through the same compactor (`createCompactor`) as `kiokuMiddleware` and
 * `kiokuPrepareStep`, with the same `trigger`, so a live agent sends what the replay measures. Measures per call the tokens sent and the context used, the cost without and with the
 * provider's prompt cache (simulated over the sequence of managed prompts, so rewriting a cached prefix
 * costs what it costs), the violations a provider would reject, and the strategy's time. Cache
 * breakpoints follow `breakpoints`: by default they are placed by `pricing.markBreakpoints` (as the agent
 * places them), except for a strategy that `placesCacheBreakpoints` itself, whose markers are billed as
 * they are; `agent`, `frontier` and `none` put every strategy on the same terms.
 *
 * The model calls a strategy makes itself (summaries: the `usage` its edits report) are counted per call
 * (`strategyInputTokens`, `strategyOutputTokens`) and billed on top of the agent's call, uncached at the
 * pricing model's input and output prices; the totals' `inputTokens` include their prompts. A call whose
 * managed prompt plus the budget's `reservedOutputTokens` is over its `contextWindow` is `overWindow`. A strategy that throws
 * stops the replay with a `ReplayStrategyError` naming the transcript and the call (its `cause`), and so
 * does one whose compaction, asked for by `trigger`, threw (instead of leaving it to the fallbacks).
 *
 * @example
 * const replay = await replayTranscript({
 *   transcript,
 *   strategy: observationMasking({ keep: 10 }),
 *   counter: counterForModel(transcript.model),
 *   pricing: resolvePricing({ modelId: 'deepseek-chat', pricing: 'anthropic-style' }),
 * });
 * console.log(replay.totals.inputTokens, replay.totals.costCached);
 */
export async function replayTranscript(options: ReplayTranscriptOptions): Promise<TranscriptReplay> {
  const { strategy, pricing, breakpoints = 'own' } = options;
  const plan = breakpointPlan(breakpoints, strategy, pricing);
  return billReplay(await runReplay({ ...options, strategy: plan.strategy, name: strategy.name }), plan.mark);
}

/**
 * A transcript run call by call through a strategy, measured but not yet billed: what every breakpoint
 * policy that runs the same strategy shares (they differ only in how the prompts are marked for billing).
 */
export interface ReplayRun {
  transcript: Transcript;
  /** The name the replay reports (a wrapped strategy keeps the name of the one it wraps). */
  name: string;
  pricing: ReplayPricing;
  counter: TokenCounter;
  measured: MeasuredCall[];
  violations: ReplayedCall['violations'][];
  /** Each call as sent, unmarked for billing. */
  simulated: SimulatedCall[];
}

/** A call's figures that do not depend on its bill. */
type MeasuredCall = Omit<
  ReplayedCall,
  'costNoCache' | 'costCached' | 'cacheReadTokens' | 'cacheWriteTokens' | 'violations'
>;

/**
 * Runs `strategy` over the transcript as `replayTranscript` does (through the compactor, call by call)
 * and measures every call; `billReplay` prices the run. `unmanaged`: the unmanaged side of the calls,
 * shared between the strategies replayed over the transcript (made for this run when not given; one made
 * for another transcript or counter is refused).
 */
export async function runReplay({
  transcript,
  strategy,
  name,
  counter: givenCounter,
  pricing,
  budget = { contextWindow: pricing.model.contextWindow },
  trigger,
  fidelity = fidelityMeter(),
  unmanaged: givenUnmanaged,
}: Omit<ReplayTranscriptOptions, 'breakpoints'> & {
  name: string;
  unmanaged?: UnmanagedCalls | undefined;
}): Promise<ReplayRun> {
  const tools = transcript.tools;
  const toolsPart = tools === undefined ? {} : { tools };
  const measured: MeasuredCall[] = [];
  const violations: ReplayedCall['violations'][] = [];
  const simulated: SimulatedCall[] = [];
  // Each message counted once, and each prompt from the one before it (as the middleware counts).
  const counter = cachedCounter(givenCounter);
  const unmanaged = givenUnmanaged ?? unmanagedCalls(transcript, counter);
  if (unmanaged.transcript !== transcript || unmanaged.counter !== counter) {
    throw new ReplayConfigurationError({
      message: `the unmanaged calls given to the replay of ${JSON.stringify(transcript.id)} were measured for ${
        unmanaged.transcript === transcript
          ? 'another counter'
          : `transcript ${JSON.stringify(unmanaged.transcript.id)}`
      }`,
    });
  }
  // A compaction the trigger asked for whose strategy threw (a failing summarizer) stops the replay too: a
  // replay whose fallbacks stood in silently would not measure the strategy. Caught as the strategy throws
  // (not from the compactor's events: listening makes it report every prompt it prepares).
  let compactionError: unknown;
  const watched = <Output>(work: () => Promise<Output>): Promise<Output> =>
    work().catch((error: unknown) => {
      compactionError ??= error;
      throw error;
    });
  const { compact } = strategy;
  const compactor = createCompactor({
    strategy: {
      ...strategy,
      apply: (input) => watched(() => strategy.apply(input)),
      ...(compact === undefined ? {} : { compact: (input) => watched(() => compact.call(strategy, input)) }),
    },
    counter,
    contextWindow: budget.contextWindow,
    // The strategy weighs rewrites at the prices this replay bills (`cachePayback`).
    cachePrices: budget.cachePrices ?? cachePrices(pricing.model, pricing.policy),
    ...(budget.reservedOutputTokens === undefined
      ? {}
      : { reservedOutputTokens: budget.reservedOutputTokens }),
    trigger: trigger ?? false,
    onStrategyError: 'throw',
  });
  const recorded = unmanaged.calls;
  for (const [index, call] of recorded.entries()) {
    const before = unmanaged.at(index);
    const history = transcript.messages.slice(0, call.messageCount);
    const started = performance.now();
    let output: PreparedPrompt;
    try {
      output = await compactor.prepare({ messages: history, ...toolsPart });
      if (compactionError !== undefined) throw compactionError;
    } catch (error) {
      throw new ReplayStrategyError({
        strategy: name,
        transcript: { file: transcript.file, id: transcript.id },
        call: index + 1,
        calls: recorded.length,
        cause: error,
      });
    }
    const strategyMs = performance.now() - started;
    const spent = editsUsage(output.edits);
    const managed = output.messages;
    const next = transcript.messages[call.messageCount];
    const completion = next?.role === 'assistant' ? next : undefined;
    const outputTokens =
      call.usage?.completionTokens ?? (completion === undefined ? 0 : counter.countMessage(completion));
    const inputTokens = counter.countPrompt({ messages: managed, ...toolsPart });
    measured.push({
      messageCount: call.messageCount,
      sentMessages: managed.length,
      unmanagedTokens: before.tokens,
      inputTokens,
      outputTokens,
      contextTokens: inputTokens + outputTokens,
      overWindow: inputTokens + (budget.reservedOutputTokens ?? 0) > budget.contextWindow,
      strategyCalls: spent.calls,
      strategyInputTokens: spent.inputTokens,
      strategyOutputTokens: spent.outputTokens,
      strategyMs,
      edits: output.edits.length,
      savedByTool: savedByTool(before.toolTokens, toolTokens(managed, counter)),
      fidelity: fidelity.measure({ history: before.history, managed, response: completion }),
    });
    violations.push(violationsNotIn(validateHistory(managed), before.violations));
    simulated.push({
      prompt: { messages: managed, ...toolsPart },
      outputTokens,
      timestamp: call.timestamp,
      completion,
    });
  }
  return { transcript, name, pricing, counter, measured, violations, simulated };
}

/**
 * Prices a run: its prompts re-marked by `mark` (a breakpoint policy's, see `breakpointPlan`) or billed
 * with the markers they carry, without and with the provider's prompt cache.
 */
export function billReplay(
  { transcript, name, pricing, counter, measured, violations, simulated }: ReplayRun,
  mark: BreakpointPlan['mark'],
): TranscriptReplay {
  const marking = mark === undefined ? undefined : markedPrompts(mark, counter);
  const calls =
    marking === undefined
      ? simulated
      : simulated.map((call) => ({
          ...call,
          prompt: { ...call.prompt, messages: marking.mark(call.prompt.messages) },
        }));
  const model = pricing.model;
  const billing = marking?.counter ?? counter;
  const [uncached, cached] = simulateCosts({
    calls,
    model,
    counter: billing,
    policies: [noCachePolicy(), pricing.policy],
  }) as [CostReport, CostReport];
  // The strategy's own model calls share no prefix with the agent's prompts: plain prices, no cache.
  const strategyCost = (call: MeasuredCall) =>
    call.strategyInputTokens * model.price.inputPerToken +
    call.strategyOutputTokens * model.price.outputPerToken;
  const replayed: ReplayedCall[] = measured.map((call, index) => ({
    ...call,
    costNoCache: (uncached.calls[index]?.cost ?? 0) + strategyCost(call),
    costCached: (cached.calls[index]?.cost ?? 0) + strategyCost(call),
    cacheReadTokens: cached.calls[index]?.cacheReadTokens ?? 0,
    cacheWriteTokens: cached.calls[index]?.cacheWriteTokens ?? 0,
    violations: violations[index] ?? [],
  }));
  const { file, id, format, model: transcriptModel } = transcript;
  return {
    transcript:
      transcriptModel === undefined ? { file, id, format } : { file, id, format, model: transcriptModel },
    strategy: name,
    pricing: pricing.name,
    calls: replayed,
    totals: replayTotals(replayed),
  };
}
