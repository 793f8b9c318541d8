import { fidelityRates } from '../fidelity/fidelity-rates.js';
import { fidelityTotals } from '../fidelity/fidelity-totals.js';
import { percentile } from '../tokens/percentile.js';
import { sumFields } from '../tokens/sum-fields.js';
import type { StrategySummary } from './strategy-summary.js';
import { sumSavedByTool } from './sum-saved-by-tool.js';
import type { TranscriptReplay } from './transcript-replay.js';

/**
 * Adds up the replays of one strategy over many transcripts: totals (the prompts of the strategy's own
 * model calls included in `inputTokens`, their answers in `strategyOutputTokens`, both in the costs),
 * calls over the window, peak context, cache hit rate over the agent's prompts, and the 95th percentile
 * of the strategy's time per call over every call, and what its prompts hid from the agent
 * (`fidelityRates`).
 *
 * @example
 * const summary = summarizeReplays('masking', replays);
 * summary.overheadMsP95;
 */
export function summarizeReplays(name: string, replays: readonly TranscriptReplay[]): StrategySummary {
  const totals = replays.map((replay) => replay.totals);
  const sums = sumFields(totals, [
    'calls',
    'inputTokens',
    'promptTokens',
    'strategyCalls',
    'strategyInputTokens',
    'strategyOutputTokens',
    'costNoCache',
    'costCached',
    'violations',
    'callsOverWindow',
    'cacheReadTokens',
    'cacheWriteTokens',
  ]);
  const { cacheReadTokens, cacheWriteTokens, ...summed } = sums;
  const times = replays.flatMap(({ calls }) => calls.map((call) => call.strategyMs));
  return {
    name,
    transcripts: replays.length,
    ...summed,
    peakContextTokens: Math.max(0, ...totals.map((total) => total.peakContextTokens)),
    cacheHitRate: sums.promptTokens > 0 ? cacheReadTokens / sums.promptTokens : 0,
    cacheWriteRate: sums.promptTokens > 0 ? cacheWriteTokens / sums.promptTokens : 0,
    overheadMsP95: times.length > 0 ? percentile(times, 95) : 0,
    savedByTool: sumSavedByTool(totals),
    ...fidelityRates(fidelityTotals(totals.map((total) => total.fidelity))),
  };
}
