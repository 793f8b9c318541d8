import type { ReplayedCall, ReplayTotals } from './transcript-replay.js';

/**
 * The sums of a replay's calls (peak for context size); `inputTokens` adds the strategy's own model
 * calls to the managed prompts.
 */
export function replayTotals(calls: readonly ReplayedCall[]): ReplayTotals {
  const totals: ReplayTotals = {
    calls: calls.length,
    inputTokens: 0,
    promptTokens: 0,
    unmanagedTokens: 0,
    outputTokens: 0,
    strategyCalls: 0,
    strategyInputTokens: 0,
    strategyOutputTokens: 0,
    peakContextTokens: 0,
    costNoCache: 0,
    costCached: 0,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    violations: 0,
    strategyMs: 0,
    savedByTool: {},
  };
  for (const call of calls) {
    totals.inputTokens += call.inputTokens + call.strategyInputTokens + call.strategyOutputTokens;
    totals.promptTokens += call.inputTokens;
    totals.unmanagedTokens += call.unmanagedTokens;
    totals.outputTokens += call.outputTokens;
    totals.strategyCalls += call.strategyCalls;
    totals.strategyInputTokens += call.strategyInputTokens;
    totals.strategyOutputTokens += call.strategyOutputTokens;
    totals.peakContextTokens = Math.max(totals.peakContextTokens, call.contextTokens);
    totals.costNoCache += call.costNoCache;
    totals.costCached += call.costCached;
    totals.cacheReadTokens += call.cacheReadTokens;
    totals.cacheWriteTokens += call.cacheWriteTokens;
    totals.violations += call.violations.length;
    totals.strategyMs += call.strategyMs;
    for (const [tool, saved] of Object.entries(call.savedByTool)) {
      totals.savedByTool[tool] = (totals.savedByTool[tool] ?? 0) + saved;
    }
  }
  return totals;
}
