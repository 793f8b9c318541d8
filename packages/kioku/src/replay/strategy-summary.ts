import type { FidelityRates } from '../fidelity/fidelity-rates.js';
import type { WorstRun } from './worst-run.js';

/**
 * A strategy's figures over every replayed transcript; with what its prompts hid from the agent
 * (`FidelityRates`: `hiddenFactRate`, `hiddenFactsPer100Calls`, `hiddenOutputFactRate`, `hiddenFactShare`,
 * `hiddenArgumentsByTool`).
 */
export interface StrategySummary extends FidelityRates {
  /** The strategy's name. */
  name: string;
  transcripts: number;
  calls: number;
  /**
   * Every input token the strategy's choices cost in model calls, summed over all calls: the managed
   * prompts (`promptTokens`) plus the prompts of the strategy's own model calls. Ratios are taken on it;
   * the strategy's answers are `strategyOutputTokens`.
   */
  inputTokens: number;
  /** Prompt tokens the agent's calls sent (the managed prompts). */
  promptTokens: number;
  /** Model calls the strategy made itself (summaries…), and their prompt and answer tokens. */
  strategyCalls: number;
  strategyInputTokens: number;
  strategyOutputTokens: number;
  /** The largest context one call occupied (managed prompt plus answer). */
  peakContextTokens: number;
  /** USD with every prompt token at the plain input price, the strategy's own model calls included. */
  costNoCache: number;
  /** USD with prompt caching simulated, the strategy's own model calls included (uncached). */
  costCached: number;
  /** Share of the agent's prompt tokens (`promptTokens`) read from the cache. */
  cacheHitRate: number;
  /** Share of the agent's prompt tokens written to the cache. */
  cacheWriteRate: number;
  /** 95th percentile of the strategy's time per call, in milliseconds. */
  overheadMsP95: number;
  /** Calls whose prompt a provider would reject, counted per violation. */
  violations: number;
  /**
   * Calls whose managed prompt plus the tokens reserved for the answer is over the context window: calls
   * the provider would reject as too long.
   */
  callsOverWindow: number;
  /** Tool input and output tokens left out, summed over all calls, by tool name. */
  savedByTool: Record<string, number>;
}

/** A summary with its ratios to the baseline measured in the same run (the unmanaged history). */
export interface StrategyComparison extends StrategySummary {
  inputTokensRatio: number;
  costNoCacheRatio: number;
  costCachedRatio: number;
  /**
   * The run on which its cached cost is highest against the baseline on the same run, when the replays
   * were compared run by run (`analyzeStrategies`, `compareSets`): the per-run worst case.
   */
  worstRun?: WorstRun;
}
