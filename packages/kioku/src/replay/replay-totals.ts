import { fidelityTotals } from '../fidelity/fidelity-totals.js';
import { sumFields } from '../tokens/sum-fields.js';
import { sumSavedByTool } from './sum-saved-by-tool.js';
import type { ReplayedCall, ReplayTotals } from './transcript-replay.js';

/**
 * The sums of a replay's calls (peak for context size, a count for the calls over the window):
 * `promptTokens` are the agent's prompts, `inputTokens` add the prompts of the strategy's own model calls,
 * whose answers are `strategyOutputTokens`.
 */
export function replayTotals(calls: readonly ReplayedCall[]): ReplayTotals {
  const sums = sumFields(calls, [
    'inputTokens',
    'unmanagedTokens',
    'outputTokens',
    'strategyCalls',
    'strategyInputTokens',
    'strategyOutputTokens',
    'costNoCache',
    'costCached',
    'cacheReadTokens',
    'cacheWriteTokens',
    'strategyMs',
  ]);
  return {
    ...sums,
    calls: calls.length,
    inputTokens: sums.inputTokens + sums.strategyInputTokens,
    promptTokens: sums.inputTokens,
    peakContextTokens: Math.max(0, ...calls.map((call) => call.contextTokens)),
    violations: calls.reduce((count, call) => count + call.violations.length, 0),
    callsOverWindow: calls.filter((call) => call.overWindow).length,
    savedByTool: sumSavedByTool(calls),
    fidelity: fidelityTotals(calls.map((call) => call.fidelity)),
  };
}
