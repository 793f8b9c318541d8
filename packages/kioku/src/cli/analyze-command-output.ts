import type {
  BreakpointPolicy,
  SetComparison,
  StrategyAnalysis,
  StrategyComparison,
  TriggerSweep,
  WorstRun,
} from '../entry/replay.js';
import { formatTable } from './format-table.js';

/** The figures of a strategy that are prices: null when a transcript was replayed unpriced. */
type CostField = 'costNoCache' | 'costNoCacheRatio' | 'costCached' | 'costCachedRatio';

/** A strategy's row in `kioku analyze --json`. */
export type AnalyzeJsonStrategy = Omit<StrategyComparison, CostField | 'worstRun'> & {
  [field in CostField]: number | null;
} & {
  /**
   * The run on which its cached cost is highest against the unmanaged history on the same run (the
   * per-run worst case); null when nothing was priced.
   */
  worstRun: WorstRun | null;
  default: boolean;
  estimated: boolean;
  description: string;
  /** The breakpoint policy of the block this row belongs to. */
  breakpoints: BreakpointPolicy;
  /**
   * True for a configuration whose breakpoints are its own knob: billed with them under this policy
   * (`agent` and `frontier`; `none` removes them too).
   */
  ownBreakpoints: boolean;
  /**
   * True when no user of this configuration sends these prompts: it places its own cache breakpoints (as
   * kioku's default does through `kiokuMiddleware`, removing its caller's) and this policy re-marks them
   * for the comparison (`agent`, `none`).
   */
  replayOnly: boolean;
};

/** What `kioku analyze --json` prints. */
export interface AnalyzeJson {
  /** The strategy every ratio is relative to. */
  baseline: string;
  /** The name of kioku's default configuration among `strategies`. */
  kiokuDefault: string;
  transcripts: number;
  calls: number;
  /** How the calls were priced (one name per model or pricing used). */
  pricing: string[];
  /**
   * True when a transcript's model is not in the catalog: replayed unpriced, so every cost (and cost
   * ratio) is null; `warnings` says which model and how to price it.
   */
  unpriced: boolean;
  /**
   * The breakpoint policies replayed, in the order of `strategies`' blocks: `frontier`, what
   * `kiokuMiddleware` sends, first when there are two.
   */
  breakpoints: BreakpointPolicy[];
  /** The peers' token trigger, as a fraction of the usable context window (`--trigger`, `--window`). */
  trigger: { fraction: number };
  /**
   * Each strategy's figures, once per breakpoint policy (the first policy's block first); the costs
   * include the model calls it made itself (`strategyCalls`, `strategyInputTokens`,
   * `strategyOutputTokens`), `inputTokens` their prompts; `callsOverWindow` counts the calls whose prompt
   * (plus the reserved answer) is over the context window; `hiddenFactRate`, `hiddenFactsPer100Calls`,
   * `hiddenOutputFactRate`, `hiddenFactShare` and `hiddenArgumentsByTool` what its prompts hid of the facts the agent went on
   * to use (`fidelityRates`). `estimated` is true when its summaries were placeholders of a stated size and
   * no model was called: its figures are an estimate.
   */
  strategies: AnalyzeJsonStrategy[];
  /** The same figures per set of transcripts (folder and format), when there is more than one set. */
  sets: Array<{ name: string; transcripts: number; strategies: AnalyzeJsonStrategy[] }>;
  /** What limits the figures (a usage log missing, …); also printed above the text table. */
  warnings: string[];
  /** The trigger sweep per breakpoint policy, with `--sweep`. */
  sweeps?: Array<TriggerSweep & { breakpoints: BreakpointPolicy }>;
  /** The HTML report written, when `--report` was given. */
  report?: string;
}

/** What the output says about a replayed strategy besides its figures. */
export interface DescribedStrategy {
  name: string;
  /** One line: what it is and where its defaults come from. */
  description: string;
  /** True when its summaries are estimated (no model was called). */
  estimated?: boolean;
  /** `own` when its breakpoints are its own knob, billed under every policy. */
  breakpoints?: 'own';
}

/** One policy's analysis, and the same split by set. */
export interface PolicyAnalysis {
  breakpoints: BreakpointPolicy;
  analysis: StrategyAnalysis;
  sets: SetComparison[];
}

/** The `--json` document of the analyses (one per breakpoint policy). */
export function analyzeJson({
  analyses,
  catalog,
  kiokuDefault,
  placesOwnBreakpoints = [],
  trigger,
  warnings,
  unpriced = false,
}: {
  analyses: readonly PolicyAnalysis[];
  catalog: readonly DescribedStrategy[];
  kiokuDefault: string;
  /** The configurations that place their own cache breakpoints (`Strategy.placesCacheBreakpoints`). */
  placesOwnBreakpoints?: readonly string[];
  trigger: { fraction: number };
  warnings: readonly string[];
  /** A transcript was replayed without prices: the costs are left out (default false). */
  unpriced?: boolean;
}): AnalyzeJson {
  const first = analyses[0]?.analysis;
  const baselineName = first?.baseline ?? 'unmanaged';
  const baseline = first?.strategies.find((strategy) => strategy.name === baselineName);
  const rows = (policy: BreakpointPolicy, strategies: readonly StrategyComparison[]) =>
    strategies.map((strategy): AnalyzeJsonStrategy => {
      const entry = catalog.find((candidate) => candidate.name === strategy.name);
      const { worstRun, ...figures } = strategy;
      const keepsOwn = entry?.breakpoints === 'own' && policy !== 'none';
      return {
        ...figures,
        ...(unpriced
          ? { costNoCache: null, costNoCacheRatio: null, costCached: null, costCachedRatio: null }
          : {}),
        worstRun: unpriced ? null : (worstRun ?? null),
        default: strategy.name === kiokuDefault,
        estimated: entry?.estimated === true,
        description:
          strategy.name === baselineName
            ? 'the history sent as it is (the baseline)'
            : (entry?.description ?? ''),
        breakpoints: policy,
        ownBreakpoints: keepsOwn,
        replayOnly: placesOwnBreakpoints.includes(strategy.name) && !keepsOwn && policy !== 'frontier',
      };
    });
  const setNames = [...new Set(analyses.flatMap(({ sets }) => sets.map((set) => set.name)))];
  return {
    baseline: baselineName,
    kiokuDefault,
    transcripts: baseline?.transcripts ?? 0,
    calls: baseline?.calls ?? 0,
    pricing: [...new Set(first?.replays.map((replay) => replay.pricing) ?? [])],
    unpriced,
    breakpoints: analyses.map(({ breakpoints }) => breakpoints),
    trigger,
    strategies: analyses.flatMap(({ breakpoints, analysis }) => rows(breakpoints, analysis.strategies)),
    sets:
      setNames.length < 2
        ? []
        : setNames.map((name) => {
            const sets = analyses.map(({ breakpoints, sets }) => ({
              breakpoints,
              set: sets.find((candidate) => candidate.name === name),
            }));
            return {
              name,
              transcripts: sets[0]?.set?.transcripts ?? 0,
              strategies: sets.flatMap(({ breakpoints, set }) => rows(breakpoints, set?.strategies ?? [])),
            };
          }),
    warnings: [...warnings],
  };
}

const integer = (value: number) => Math.round(value).toLocaleString('en-US');
const ratio = (value: number | null) =>
  value !== null && Number.isFinite(value) ? `${value.toFixed(2)}×` : '–';
const usd = (value: number | null) =>
  value === null ? 'unpriced' : `$${value >= 100 ? value.toFixed(0) : value.toFixed(value >= 1 ? 2 : 4)}`;
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** What each breakpoint policy means, for the text output and the report. */
export const breakpointPolicyTitles: Record<BreakpointPolicy, string> = {
  agent:
    "cache breakpoints by the agents' rule (system + last 3 user/tool messages), for every strategy; " +
    "REPLAY ONLY for kioku's default (§): kiokuMiddleware places its own",
  frontier:
    "cache breakpoints at kioku's frontier (the last edited message), for every strategy: what kiokuMiddleware sends",
  none: 'no cache breakpoints for any strategy (explicit caches read nothing)',
  own: "each strategy's own cache breakpoints (the agents' rule for those that place none)",
};

function table(rows: readonly AnalyzeJsonStrategy[]): string {
  const label = (strategy: AnalyzeJsonStrategy) =>
    `${strategy.name}${strategy.default ? ' *' : ''}${strategy.estimated ? ' †' : ''}${strategy.ownBreakpoints ? ' ‡' : ''}${strategy.replayOnly ? ' §' : ''}`;
  return formatTable(
    [
      'strategy',
      'calls',
      'input tokens',
      '×',
      'peak context',
      'cost no cache',
      '×',
      'cost cached',
      '×',
      'worst run ×',
      'cache hits',
      'hidden facts',
      'p95 ms/call',
      'over window',
      'violations',
    ],
    rows.map((strategy) => [
      label(strategy),
      integer(strategy.calls),
      integer(strategy.inputTokens),
      ratio(strategy.inputTokensRatio),
      integer(strategy.peakContextTokens),
      usd(strategy.costNoCache),
      ratio(strategy.costNoCacheRatio),
      usd(strategy.costCached),
      ratio(strategy.costCachedRatio),
      ratio(strategy.worstRun?.costCachedRatio ?? null),
      percent(strategy.cacheHitRate),
      percent(strategy.hiddenFactRate),
      strategy.overheadMsP95.toFixed(3),
      integer(strategy.callsOverWindow),
      integer(strategy.violations),
    ]),
  );
}

/** Rows of one policy's block. */
const ofPolicy = (rows: readonly AnalyzeJsonStrategy[], policy: BreakpointPolicy) =>
  rows.filter((row) => row.breakpoints === policy);

/**
 * The plain-text tables of an analysis, one per breakpoint policy (and per set when there are several),
 * kioku's default marked with `*`, estimates with `†`, configurations billed with their own breakpoints
 * with `‡`, rows no user of the configuration sends (re-marked for the comparison) with `§`; each row's
 * worst run against the baseline; warnings first; under them, the default's worst run, what each estimate
 * stands for and the model calls strategies made themselves.
 */
export function renderAnalysis(json: AnalyzeJson): string {
  const notes = ofPolicy(json.strategies, json.breakpoints[0] ?? 'own').flatMap((strategy) => [
    ...(strategy.default && strategy.worstRun !== null
      ? [
          `${strategy.name}: worst run ${strategy.worstRun.transcript.id} (${strategy.worstRun.transcript.file}), ` +
            `${ratio(strategy.worstRun.costCachedRatio)} the cached cost of ${json.baseline} on that run` +
            (strategy.replayOnly ? ' (replay only)' : '') +
            '.',
        ]
      : []),
    ...(strategy.estimated ? [`† ${strategy.name} is an ESTIMATE: ${strategy.description}.`] : []),
    ...(strategy.strategyCalls > 0
      ? [
          `${strategy.name}: its own ${integer(strategy.strategyCalls)} model call(s)${strategy.estimated ? ' (estimated, none made)' : ''}, ` +
            `${integer(strategy.strategyInputTokens)} tokens in and ${integer(strategy.strategyOutputTokens)} out, ` +
            "are included in its costs (uncached, at the model's prices) and their prompts in its input tokens.",
        ]
      : []),
  ]);
  const blocks = json.breakpoints.flatMap((policy) => [
    '',
    `${breakpointPolicyTitles[policy]}:`,
    table(ofPolicy(json.strategies, policy)),
    ...json.sets.flatMap((set) => [
      '',
      `  ${set.name}, ${set.transcripts} transcript(s):`,
      table(ofPolicy(set.strategies, policy)),
    ]),
  ]);
  const sweeps = (json.sweeps ?? []).flatMap((sweep) => [
    '',
    `trigger sweep, ${breakpointPolicyTitles[sweep.breakpoints]}:`,
    formatTable(
      ['strategy', 'trigger', 'input tokens ×', 'cost no cache ×', 'cost cached ×', 'hidden facts'],
      sweep.curves.flatMap((curve) =>
        curve.points.map((point) => [
          curve.strategy,
          point.label,
          ratio(point.inputTokensRatio),
          ratio(point.costNoCacheRatio),
          ratio(point.costCachedRatio),
          percent(point.hiddenFactRate),
        ]),
      ),
    ),
  ]);
  return [
    ...json.warnings.map((warning) => `WARNING: ${warning}`),
    `${json.transcripts} transcript(s), ${integer(json.calls)} calls, priced as ${json.pricing.join(', ')}; ` +
      `peers' token triggers at ${json.trigger.fraction} of the window`,
    ...blocks,
    ...sweeps,
    '',
    `× = ratio to ${json.baseline}, measured in the same run. * kioku's default. ‡ billed with its own cache breakpoints (under the agents' rule and the frontier; none removes them). ` +
      "§ replay only: it places its own breakpoints (kiokuMiddleware removes its caller's), so no user of it sends these prompts. " +
      `worst run ×: its cached cost on the run where it is highest against ${json.baseline} on that run. ` +
      "p95 ms/call: the strategy's own time. over window: calls whose prompt (plus the reserved answer) is over the context window. " +
      "hidden facts: calls whose prompt no longer held a fact of the agent's answer (reasoning, text or call) that only tool outputs or its own earlier messages had held.",
    ...notes,
  ].join('\n');
}
