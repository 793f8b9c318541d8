import type { StrategyComparison, StrategySummary } from './strategy-summary.js';
import type { TranscriptReplay } from './transcript-replay.js';
import { worstRun } from './worst-run.js';

/**
 * Ratios of a strategy's input tokens and costs to the baseline's, both measured on the same transcripts
 * in the same run, the strategy's own model calls included (summaries are not free); `NaN` where the
 * baseline is 0. Given the replays of both, also the run on which the strategy cost most against the
 * baseline (`worstRun`).
 */
export function compareToBaseline(
  summary: StrategySummary,
  baseline: StrategySummary,
  runs?: { replays: readonly TranscriptReplay[]; baselineReplays: readonly TranscriptReplay[] },
): StrategyComparison {
  const worst = runs === undefined ? undefined : worstRun(runs.replays, runs.baselineReplays);
  return {
    ...summary,
    inputTokensRatio: ratio(summary.inputTokens, baseline.inputTokens),
    costNoCacheRatio: ratio(summary.costNoCache, baseline.costNoCache),
    costCachedRatio: ratio(summary.costCached, baseline.costCached),
    ...(worst === undefined ? {} : { worstRun: worst }),
  };
}

function ratio(value: number, baseline: number): number {
  return baseline === 0 ? Number.NaN : value / baseline;
}
