/** A strategy's figures over every replayed transcript. */
export interface StrategySummary {
  /** The strategy's name. */
  name: string;
  transcripts: number;
  calls: number;
  /** Prompt tokens sent, summed over all calls. */
  inputTokens: number;
  /** The largest context one call occupied (managed prompt plus answer). */
  peakContextTokens: number;
  /** USD with every prompt token at the plain input price. */
  costNoCache: number;
  /** USD with prompt caching simulated. */
  costCached: number;
  /** Share of prompt tokens read from the cache. */
  cacheHitRate: number;
  /** Share of prompt tokens written to the cache. */
  cacheWriteRate: number;
  /** 95th percentile of the strategy's time per call, in milliseconds. */
  overheadMsP95: number;
  /** Calls whose prompt a provider would reject, counted per violation. */
  violations: number;
  /** Tool input and output tokens left out, summed over all calls, by tool name. */
  savedByTool: Record<string, number>;
}

/** A summary with its ratios to the baseline measured in the same run (the unmanaged history). */
export interface StrategyComparison extends StrategySummary {
  inputTokensRatio: number;
  costNoCacheRatio: number;
  costCachedRatio: number;
}
