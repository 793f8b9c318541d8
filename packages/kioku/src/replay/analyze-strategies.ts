import { ReplayConfigurationError } from '../errors/replay-configuration-error.js';
import { fidelityMeter } from '../fidelity/fidelity-meter.js';
import type { Strategy, StrategyBudget } from '../strategies/strategy.js';
import { cachedCounter } from '../tokens/cached-counter.js';
import { counterForModel } from '../tokens/counter-for-model.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { Transcript } from '../transcripts/transcript.js';
import type { ProactiveTrigger } from '../triggers/proactive-trigger.js';
import { type BreakpointPlan, type BreakpointPolicy, breakpointPlan } from './breakpoint-policy.js';
import { compareToBaseline } from './compare-to-baseline.js';
import type { ReplayPricing } from './replay-pricing.js';
import { billReplay, type ReplayRun, runReplay } from './replay-transcript.js';
import type { StrategyComparison } from './strategy-summary.js';
import { summarizeReplays } from './summarize-replays.js';
import type { TranscriptReplay } from './transcript-replay.js';
import { unmanagedCalls } from './unmanaged-calls.js';

/** Options of {@link analyzeStrategies}. */
export interface AnalyzeStrategiesOptions {
  transcripts: readonly Transcript[];
  /** The reference every ratio is measured against, replayed in the same run: the unmanaged history. */
  baseline: Strategy<unknown>;
  /** The strategies to compare with it; names must be distinct. */
  strategies: readonly Strategy<unknown>[];
  /** How each transcript is billed (see `resolvePricing`). */
  pricingFor: (transcript: Transcript) => ReplayPricing;
  /** Counts each transcript's prompts; default the counter of its model (`counterForModel`). */
  counterFor?: (transcript: Transcript) => TokenCounter;
  /** The budget strategies work within; default the context window of each transcript's pricing model. */
  budgetFor?: (transcript: Transcript, pricing: ReplayPricing) => StrategyBudget;
  /**
   * When to compact beyond each strategy's own `apply` (see `replayTranscript`), for every strategy alike
   * or per strategy (made for each replay, e.g. the middleware's `thresholdTrigger()` for kioku's default
   * alone); default none.
   */
  trigger?: ProactiveTrigger | ((strategy: Strategy<unknown>) => ProactiveTrigger | undefined) | undefined;
  /**
   * Where cache breakpoints go (see `BreakpointPolicy`), for every strategy alike or per strategy (a
   * configuration whose breakpoints are its own knob keeps `own`); default `own`, `replayTranscript`'s.
   */
  breakpoints?: BreakpointPolicy | ((strategy: Strategy<unknown>) => BreakpointPolicy) | undefined;
  /**
   * Runs shared between analyses of the same strategies (same names, same configurations) under other
   * breakpoint policies, as `kioku analyze --breakpoints both` makes them (`sharedReplays()`): a strategy
   * another policy already ran as this one runs it (every policy but `frontier`, which wraps a strategy
   * that does not place its own breakpoints in `cacheBreakpoints`; every policy under a cache that ignores
   * markers) is not run again, only billed with this policy's markers (or not at all when they are the
   * same). Default none: every replay run.
   */
  sharedReplays?: SharedReplays | undefined;
  /** Called before the first replay with the number of replays (transcripts × strategies). */
  onStart?: (total: number) => void;
  /** Called after each replay, e.g. to advance a progress bar. */
  onReplay?: (replay: TranscriptReplay) => void;
}

/** Runs and replays kept between analyses (see `AnalyzeStrategiesOptions.sharedReplays`); make one with `sharedReplays()`. */
export interface SharedReplays {
  readonly kind: 'shared-replays';
}

/** A strategy's run over a transcript, and its bills by breakpoint markers. */
interface SharedRun {
  run: ReplayRun;
  bills: Map<BreakpointPlan['mark'], TranscriptReplay>;
}

/** What each {@link SharedReplays} holds: per transcript, the runs by strategy name and wrapping. */
const shares = new WeakMap<SharedReplays, Map<Transcript, Map<string, SharedRun>>>();

/** An empty {@link SharedReplays}, for the analyses of one set of strategies under several breakpoint policies. */
export function sharedReplays(): SharedReplays {
  const handle: SharedReplays = { kind: 'shared-replays' };
  shares.set(handle, new Map());
  return handle;
}

/** The outcome of {@link analyzeStrategies}. */
export interface StrategyAnalysis {
  /** The baseline's name. */
  baseline: string;
  /** The baseline first, then each strategy in the order given, with ratios to the baseline. */
  strategies: StrategyComparison[];
  /** Every replay, transcript by transcript, in the order of `strategies`. */
  replays: TranscriptReplay[];
}

/**
 * Replays every transcript through the baseline and each strategy and compares them: input tokens, peak
 * context, cost without and with prompt caching and their ratios to the baseline, cache hit rate, the
 * strategy's p95 time per call and the violations it introduced.
 *
 * @example
 * const analysis = await analyzeStrategies({
 *   transcripts,
 *   baseline: unmanaged(),
 *   strategies: [kiokuDefault(), ...peerBaselines()],
 *   pricingFor: (transcript) => resolvePricing({ modelId: transcript.model ?? 'deepseek-chat' }),
 * });
 * for (const row of analysis.strategies) console.log(row.name, row.costCachedRatio);
 */
export async function analyzeStrategies({
  transcripts,
  baseline,
  strategies,
  pricingFor,
  counterFor = (transcript) => counterForModel(transcript.model ?? transcript.calls[0]?.model),
  budgetFor = (_, pricing) => ({ contextWindow: pricing.model.contextWindow }),
  trigger,
  breakpoints = 'own',
  sharedReplays,
  onStart,
  onReplay,
}: AnalyzeStrategiesOptions): Promise<StrategyAnalysis> {
  const all = [baseline, ...strategies];
  const names = all.map((strategy) => strategy.name);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined) {
    throw new ReplayConfigurationError({
      message: `two strategies are named ${JSON.stringify(repeated)}: give each strategy a distinct name`,
    });
  }
  onStart?.(transcripts.length * all.length);
  const byStrategy = new Map<string, TranscriptReplay[]>(names.map((name) => [name, []]));
  const replays: TranscriptReplay[] = [];
  const fidelity = fidelityMeter();
  for (const transcript of transcripts) {
    const pricing = pricingFor(transcript);
    // Equal messages the strategies make (each its own copies) are counted once per transcript.
    const counter = cachedCounter(counterFor(transcript), { byContent: true });
    const budget = budgetFor(transcript, pricing);
    // The unmanaged side of each call (its history's tokens, tool uses, violations) is measured once.
    const unmanaged = unmanagedCalls(transcript, counter);
    const store = sharedReplays === undefined ? undefined : shares.get(sharedReplays);
    let shared = store?.get(transcript);
    if (store !== undefined && shared === undefined) {
      shared = new Map();
      store.set(transcript, shared);
    }
    for (const strategy of all) {
      const policy = typeof breakpoints === 'function' ? breakpoints(strategy) : breakpoints;
      const plan = breakpointPlan(policy, strategy, pricing);
      // The strategy runs as given, or wrapped (frontier breakpoints): a run of either serves every policy.
      const key = `${strategy.name}\u0000${plan.strategy === strategy ? 'given' : 'wrapped'}`;
      let made = shared?.get(key);
      if (made === undefined) {
        const run = await runReplay({
          transcript,
          strategy: plan.strategy,
          name: strategy.name,
          counter,
          pricing,
          budget,
          trigger: typeof trigger === 'function' ? trigger(strategy) : trigger,
          fidelity,
          unmanaged,
        });
        made = { run, bills: new Map() };
        shared?.set(key, made);
      }
      let replay = made.bills.get(plan.mark);
      if (replay === undefined) {
        replay = billReplay(made.run, plan.mark);
        made.bills.set(plan.mark, replay);
      }
      replays.push(replay);
      byStrategy.get(strategy.name)?.push(replay);
      onReplay?.(replay);
    }
  }
  const baselineReplays = byStrategy.get(baseline.name) ?? [];
  const reference = summarizeReplays(baseline.name, baselineReplays);
  return {
    baseline: baseline.name,
    strategies: names.map((name) => {
      const mine = byStrategy.get(name) ?? [];
      return compareToBaseline(summarizeReplays(name, mine), reference, { replays: mine, baselineReplays });
    }),
    replays,
  };
}
