import type { StrategyComparison, StrategySummary } from './strategy-summary.js';

/**
 * Ratios of a strategy's input tokens and costs to the baseline's, both measured on the same transcripts
 * in the same run, the strategy's own model calls included (summaries are not free); `NaN` where the
 * baseline is 0.
 */
export function compareToBaseline(summary: StrategySummary, baseline: StrategySummary): StrategyComparison {
  return {
    ...summary,
    inputTokensRatio: ratio(summary.inputTokens, baseline.inputTokens),
    costNoCacheRatio: ratio(summary.costNoCache, baseline.costNoCache),
    costCachedRatio: ratio(summary.costCached, baseline.costCached),
  };
}

function ratio(value: number, baseline: number): number {
  return baseline === 0 ? Number.NaN : value / baseline;
}
