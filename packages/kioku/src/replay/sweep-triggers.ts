import type { PeerTrigger } from '../baselines/peer-trigger.js';
import { fidelityMeter } from '../fidelity/fidelity-meter.js';
import type { Strategy, StrategyBudget } from '../strategies/strategy.js';
import { counterForModel } from '../tokens/counter-for-model.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { Transcript } from '../transcripts/transcript.js';
import type { ProactiveTrigger } from '../triggers/proactive-trigger.js';
import type { BreakpointPolicy } from './breakpoint-policy.js';
import { compareToBaseline } from './compare-to-baseline.js';
import type { ReplayPricing } from './replay-pricing.js';
import { replayTranscript } from './replay-transcript.js';
import { summarizeReplays } from './summarize-replays.js';
import type { TranscriptReplay } from './transcript-replay.js';

/** A strategy whose token trigger a sweep moves: its name, and how to make it at one trigger. */
export interface TriggeredStrategy {
  name: string;
  create: (trigger: PeerTrigger) => Strategy<unknown>;
}

/** Options of {@link sweepTriggers}. */
export interface SweepTriggersOptions {
  transcripts: readonly Transcript[];
  /** The reference every ratio is measured against (the unmanaged history), replayed once. */
  baseline: Strategy<unknown>;
  /** Strategies with a token trigger: each is replayed at every trigger of the sweep. */
  triggered: readonly TriggeredStrategy[];
  /** Strategies without one (they edit at every call): one point each. Default none. */
  fixed?: readonly Strategy<unknown>[];
  /** Triggers as fractions of the usable context window; default 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9. */
  fractions?: readonly number[];
  /** Triggers as absolute token counts (e.g. the peers' documented 100,000); default none. */
  inputTokens?: readonly number[];
  /** How each transcript is billed (see `resolvePricing`). */
  pricingFor: (transcript: Transcript) => ReplayPricing;
  /** Counts each transcript's prompts; default the counter of its model. */
  counterFor?: (transcript: Transcript) => TokenCounter;
  /** The budget strategies work within; default the pricing model's context window. */
  budgetFor?: (transcript: Transcript, pricing: ReplayPricing) => StrategyBudget;
  /** Where cache breakpoints go, for every strategy alike or per strategy; default `agent`. */
  breakpoints?: BreakpointPolicy | ((strategy: Strategy<unknown>) => BreakpointPolicy);
  /**
   * The compactor's trigger per strategy (made for each replay), as `analyzeStrategies` takes it: e.g. the
   * middleware's `thresholdTrigger()` for kioku's default among the fixed ones; default none.
   */
  compactorTrigger?: (strategy: Strategy<unknown>) => ProactiveTrigger | undefined;
  /** Called before the first replay with the number of replays. */
  onStart?: (total: number) => void;
  /** Called after each replay. */
  onReplay?: (replay: TranscriptReplay) => void;
}

/** One point of a curve: a strategy at one trigger, summed over every transcript. */
export interface TriggerSweepPoint {
  /** The trigger; absent for a strategy without one. */
  trigger?: PeerTrigger;
  /** `0.3 of the window`, `100,000 tokens`, or `no trigger`. */
  label: string;
  inputTokens: number;
  inputTokensRatio: number;
  costNoCache: number;
  costNoCacheRatio: number;
  costCached: number;
  costCachedRatio: number;
  cacheHitRate: number;
  callsOverWindow: number;
  /**
   * The share of calls whose managed prompt hid a fact the agent's answer drew only from tool outputs
   * (the replay engine's fidelity measure, `hiddenFactRate`).
   */
  hiddenFactRate: number;
}

/** One strategy's points, in the order of the sweep's triggers (fractions, then absolute ones). */
export interface TriggerSweepCurve {
  strategy: string;
  /** False for a strategy without a token trigger: a single point. */
  triggered: boolean;
  points: TriggerSweepPoint[];
}

/** The outcome of {@link sweepTriggers}. */
export interface TriggerSweep {
  baseline: string;
  curves: TriggerSweepCurve[];
}

const defaultFractions = [0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9];

/**
 * Replays every transcript through each triggered strategy at every trigger (fractions of the window and
 * absolute token counts) and through the strategies without a trigger once, and gives each strategy's
 * curve of input tokens against cost with and without caching, as ratios to the baseline replayed in the
 * same run: where a strategy stands at every operating point, not only at its documented one.
 *
 * @example
 * const sweep = await sweepTriggers({
 *   transcripts,
 *   baseline: unmanaged(),
 *   triggered: [{ name: 'anthropic-clear-tool-uses', create: (trigger) => anthropicClearToolUses({ trigger }) }],
 *   fixed: [kiokuDefault()],
 *   pricingFor: (transcript) => resolvePricing({ modelId: transcript.model ?? 'deepseek-chat' }),
 * });
 * for (const curve of sweep.curves) console.log(curve.strategy, curve.points.map((p) => p.costCachedRatio));
 */
export async function sweepTriggers({
  transcripts,
  baseline,
  triggered,
  fixed = [],
  fractions = defaultFractions,
  inputTokens = [],
  pricingFor,
  counterFor = (transcript) => counterForModel(transcript.model ?? transcript.calls[0]?.model),
  budgetFor = (_, pricing) => ({ contextWindow: pricing.model.contextWindow }),
  breakpoints = 'agent',
  compactorTrigger,
  onStart,
  onReplay,
}: SweepTriggersOptions): Promise<TriggerSweep> {
  const triggers: PeerTrigger[] = [
    ...fractions.map((fraction) => ({ fraction })),
    ...inputTokens.map((tokens) => ({ inputTokens: tokens })),
  ];
  /** Replays by point key: `strategy\u0000index of trigger` (-1 for no trigger). */
  const replays = new Map<string, TranscriptReplay[]>();
  const add = (key: string, replay: TranscriptReplay) => {
    replays.set(key, [...(replays.get(key) ?? []), replay]);
    onReplay?.(replay);
  };
  onStart?.(transcripts.length * (1 + fixed.length + triggered.length * triggers.length));
  for (const transcript of transcripts) {
    const pricing = pricingFor(transcript);
    const counter = counterFor(transcript);
    const budget = budgetFor(transcript, pricing);
    // One meter per transcript: it remembers where each answer's facts came from, for every strategy.
    const fidelity = fidelityMeter();
    const replay = (strategy: Strategy<unknown>) =>
      replayTranscript({
        transcript,
        strategy,
        counter,
        pricing,
        budget,
        breakpoints: typeof breakpoints === 'function' ? breakpoints(strategy) : breakpoints,
        trigger: compactorTrigger?.(strategy),
        fidelity,
      });
    add(`${baseline.name}\u0000-1`, await replay(baseline));
    for (const strategy of fixed) add(`${strategy.name}\u0000-1`, await replay(strategy));
    for (const { name, create } of triggered) {
      for (const [index, trigger] of triggers.entries())
        add(`${name}\u0000${index}`, await replay(create(trigger)));
    }
  }
  const reference = summarizeReplays(baseline.name, replays.get(`${baseline.name}\u0000-1`) ?? []);
  const point = (name: string, index: number): TriggerSweepPoint => {
    const mine = replays.get(`${name}\u0000${index}`) ?? [];
    const compared = compareToBaseline(summarizeReplays(name, mine), reference);
    const trigger = triggers[index];
    const result: TriggerSweepPoint = {
      label: triggerLabel(trigger),
      inputTokens: compared.inputTokens,
      inputTokensRatio: compared.inputTokensRatio,
      costNoCache: compared.costNoCache,
      costNoCacheRatio: compared.costNoCacheRatio,
      costCached: compared.costCached,
      costCachedRatio: compared.costCachedRatio,
      cacheHitRate: compared.cacheHitRate,
      callsOverWindow: compared.callsOverWindow,
      hiddenFactRate: compared.hiddenFactRate,
    };
    if (trigger !== undefined) result.trigger = trigger;
    return result;
  };
  return {
    baseline: baseline.name,
    curves: [
      ...fixed.map((strategy) => ({
        strategy: strategy.name,
        triggered: false,
        points: [point(strategy.name, -1)],
      })),
      ...triggered.map(({ name }) => ({
        strategy: name,
        triggered: true,
        points: triggers.map((_, index) => point(name, index)),
      })),
    ],
  };
}

/** How a trigger reads in reports. */
export function triggerLabel(trigger: PeerTrigger | undefined): string {
  if (trigger === undefined) return 'no trigger';
  return 'fraction' in trigger
    ? `${trigger.fraction} of the window`
    : `${trigger.inputTokens.toLocaleString('en-US')} tokens`;
}
