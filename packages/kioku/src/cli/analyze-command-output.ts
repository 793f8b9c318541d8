import type { StrategyAnalysis, StrategyComparison } from '../entry/replay.js';
import { formatTable } from './format-table.js';

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
   * Each strategy's figures; the costs include the model calls it made itself (`strategyCalls`,
   * `strategyInputTokens`, `strategyOutputTokens`), `inputTokens` their prompts; `callsOverWindow`
   * counts the calls whose prompt (plus the reserved answer) is over the context window; `hiddenFactRate`,
   * `hiddenFactsPer100Calls`, `hiddenToolFactShare` and `hiddenArgumentsByTool` what its prompts hid of the
   * facts the agent went on to use (`fidelityRates`). `estimated` is true when its
   * summaries were placeholders of a stated size and no model was called: its figures are an estimate.
   */
  strategies: Array<StrategyComparison & { default: boolean; estimated: boolean; description: string }>;
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
}

/** The `--json` document of an analysis. */
export function analyzeJson({
  analysis,
  catalog,
  kiokuDefault,
}: {
  analysis: StrategyAnalysis;
  catalog: readonly DescribedStrategy[];
  kiokuDefault: string;
}): AnalyzeJson {
  const baseline = analysis.strategies.find((strategy) => strategy.name === analysis.baseline);
  return {
    baseline: analysis.baseline,
    kiokuDefault,
    transcripts: baseline?.transcripts ?? 0,
    calls: baseline?.calls ?? 0,
    pricing: [...new Set(analysis.replays.map((replay) => replay.pricing))],
    strategies: analysis.strategies.map((strategy) => {
      const entry = catalog.find((candidate) => candidate.name === strategy.name);
      return {
        ...strategy,
        default: strategy.name === kiokuDefault,
        estimated: entry?.estimated === true,
        description:
          strategy.name === analysis.baseline
            ? 'the history sent as it is (the baseline)'
            : (entry?.description ?? ''),
      };
    }),
  };
}

const integer = (value: number) => Math.round(value).toLocaleString('en-US');
const ratio = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '–');
const usd = (value: number) => `$${value >= 100 ? value.toFixed(0) : value.toFixed(value >= 1 ? 2 : 4)}`;
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/**
 * The plain-text table of an analysis, kioku's default marked with `*` and estimates with `†`; under it,
 * what each estimate stands for and the model calls strategies made themselves.
 */
export function renderAnalysis(json: AnalyzeJson): string {
  const label = (strategy: AnalyzeJson['strategies'][number]) =>
    `${strategy.name}${strategy.default ? ' *' : ''}${strategy.estimated ? ' †' : ''}`;
  const rows = json.strategies.map((strategy) => [
    label(strategy),
    integer(strategy.calls),
    integer(strategy.inputTokens),
    ratio(strategy.inputTokensRatio),
    integer(strategy.peakContextTokens),
    usd(strategy.costNoCache),
    ratio(strategy.costNoCacheRatio),
    usd(strategy.costCached),
    ratio(strategy.costCachedRatio),
    percent(strategy.cacheHitRate),
    percent(strategy.hiddenFactRate),
    strategy.overheadMsP95.toFixed(3),
    integer(strategy.callsOverWindow),
    integer(strategy.violations),
  ]);
  const header = [
    'strategy',
    'calls',
    'input tokens',
    '×',
    'peak context',
    'cost no cache',
    '×',
    'cost cached',
    '×',
    'cache hits',
    'hidden facts',
    'p95 ms/call',
    'over window',
    'violations',
  ];
  const notes = json.strategies.flatMap((strategy) => [
    ...(strategy.estimated ? [`† ${strategy.name} is an ESTIMATE: ${strategy.description}.`] : []),
    ...(strategy.strategyCalls > 0
      ? [
          `${strategy.name}: its own ${integer(strategy.strategyCalls)} model call(s)${strategy.estimated ? ' (estimated, none made)' : ''}, ` +
            `${integer(strategy.strategyInputTokens)} tokens in and ${integer(strategy.strategyOutputTokens)} out, ` +
            "are included in its costs (uncached, at the model's prices) and their prompts in its input tokens.",
        ]
      : []),
  ]);
  return [
    `${json.transcripts} transcript(s), ${integer(json.calls)} calls, priced as ${json.pricing.join(', ')}`,
    '',
    formatTable(header, rows),
    '',
    `× = ratio to ${json.baseline}, measured in the same run. * kioku's default. p95 ms/call: the strategy's own time. ` +
      'over window: calls whose prompt (plus the reserved answer) is over the context window. ' +
      "hidden facts: calls whose prompt no longer held a fact of the agent's answer that only a tool output had held.",
    ...notes,
  ].join('\n');
}
