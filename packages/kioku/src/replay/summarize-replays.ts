import { percentile } from '../tokens/percentile.js';
import type { StrategySummary } from './strategy-summary.js';
import type { TranscriptReplay } from './transcript-replay.js';

/**
 * Adds up the replays of one strategy over many transcripts: totals (the strategy's own model calls
 * included in `inputTokens` and the costs, and reported apart), peak context, cache hit rate over the
 * agent's prompts, and the 95th percentile of the strategy's time per call over every call.
 *
 * @example
 * const summary = summarizeReplays('masking', replays);
 * summary.overheadMsP95;
 */
export function summarizeReplays(name: string, replays: readonly TranscriptReplay[]): StrategySummary {
  const summary: StrategySummary = {
    name,
    transcripts: replays.length,
    calls: 0,
    inputTokens: 0,
    promptTokens: 0,
    strategyCalls: 0,
    strategyInputTokens: 0,
    strategyOutputTokens: 0,
    peakContextTokens: 0,
    costNoCache: 0,
    costCached: 0,
    cacheHitRate: 0,
    cacheWriteRate: 0,
    overheadMsP95: 0,
    violations: 0,
    savedByTool: {},
  };
  let cacheRead = 0;
  let cacheWrite = 0;
  const times: number[] = [];
  for (const { totals, calls } of replays) {
    summary.calls += totals.calls;
    summary.inputTokens += totals.inputTokens;
    summary.promptTokens += totals.promptTokens;
    summary.strategyCalls += totals.strategyCalls;
    summary.strategyInputTokens += totals.strategyInputTokens;
    summary.strategyOutputTokens += totals.strategyOutputTokens;
    summary.peakContextTokens = Math.max(summary.peakContextTokens, totals.peakContextTokens);
    summary.costNoCache += totals.costNoCache;
    summary.costCached += totals.costCached;
    summary.violations += totals.violations;
    cacheRead += totals.cacheReadTokens;
    cacheWrite += totals.cacheWriteTokens;
    for (const call of calls) times.push(call.strategyMs);
    for (const [tool, saved] of Object.entries(totals.savedByTool)) {
      summary.savedByTool[tool] = (summary.savedByTool[tool] ?? 0) + saved;
    }
  }
  summary.cacheHitRate = summary.promptTokens > 0 ? cacheRead / summary.promptTokens : 0;
  summary.cacheWriteRate = summary.promptTokens > 0 ? cacheWrite / summary.promptTokens : 0;
  summary.overheadMsP95 = times.length > 0 ? percentile(times, 95) : 0;
  return summary;
}
