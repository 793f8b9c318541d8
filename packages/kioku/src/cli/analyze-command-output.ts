import type { BaselineEntry } from '../baselines/index.js';
import type { StrategyAnalysis, StrategyComparison } from '../replay/index.js';
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
  strategies: Array<StrategyComparison & { default: boolean; description: string }>;
  /** The HTML report written, when `--report` was given. */
  report?: string;
}

/** The `--json` document of an analysis. */
export function analyzeJson({
  analysis,
  catalog,
  kiokuDefault,
}: {
  analysis: StrategyAnalysis;
  catalog: readonly BaselineEntry[];
  kiokuDefault: string;
}): AnalyzeJson {
  const baseline = analysis.strategies.find((strategy) => strategy.name === analysis.baseline);
  return {
    baseline: analysis.baseline,
    kiokuDefault,
    transcripts: baseline?.transcripts ?? 0,
    calls: baseline?.calls ?? 0,
    pricing: [...new Set(analysis.replays.map((replay) => replay.pricing))],
    strategies: analysis.strategies.map((strategy) => ({
      ...strategy,
      default: strategy.name === kiokuDefault,
      description:
        strategy.name === analysis.baseline
          ? 'the history sent as it is (the baseline)'
          : (catalog.find((entry) => entry.name === strategy.name)?.description ?? ''),
    })),
  };
}

const integer = (value: number) => Math.round(value).toLocaleString('en-US');
const ratio = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '–');
const usd = (value: number) => `$${value >= 100 ? value.toFixed(0) : value.toFixed(value >= 1 ? 2 : 4)}`;
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The plain-text table of an analysis, kioku's default marked with `*`. */
export function renderAnalysis(json: AnalyzeJson): string {
  const rows = json.strategies.map((strategy) => [
    strategy.default ? `${strategy.name} *` : strategy.name,
    integer(strategy.calls),
    integer(strategy.inputTokens),
    ratio(strategy.inputTokensRatio),
    integer(strategy.peakContextTokens),
    usd(strategy.costNoCache),
    ratio(strategy.costNoCacheRatio),
    usd(strategy.costCached),
    ratio(strategy.costCachedRatio),
    percent(strategy.cacheHitRate),
    strategy.overheadMsP95.toFixed(3),
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
    'p95 ms/call',
    'violations',
  ];
  return [
    `${json.transcripts} transcript(s), ${integer(json.calls)} calls, priced as ${json.pricing.join(', ')}`,
    '',
    formatTable(header, rows),
    '',
    `× = ratio to ${json.baseline}, measured in the same run. * kioku's default. p95 ms/call: the strategy's own time.`,
  ].join('\n');
}
