import type { StrategyAnalysis } from './analyze-strategies.js';
import { compareToBaseline } from './compare-to-baseline.js';
import type { StrategyComparison } from './strategy-summary.js';
import { summarizeReplays } from './summarize-replays.js';
import type { TranscriptReplay } from './transcript-replay.js';

/** An analysis restricted to one set of transcripts, ratios to the baseline on that set. */
export interface SetComparison {
  /** The set's name, as `setOf` gave it. */
  name: string;
  transcripts: number;
  /** As `StrategyAnalysis.strategies`, over this set's transcripts only. */
  strategies: StrategyComparison[];
}

/**
 * Splits an analysis into sets of transcripts (by folder and format, by model…) and compares the
 * strategies on each, with ratios to the baseline on the same set: pooled figures are dominated by the
 * dearest set, and a strategy can be cheaper on one set and dearer on another.
 *
 * @example
 * const sets = compareSets(analysis, (replay) => `${dirname(replay.transcript.file)} (${replay.transcript.format})`);
 */
export function compareSets(
  analysis: StrategyAnalysis,
  setOf: (replay: TranscriptReplay) => string,
): SetComparison[] {
  const bySet = new Map<string, Map<string, TranscriptReplay[]>>();
  for (const replay of analysis.replays) {
    const set = setOf(replay);
    let strategies = bySet.get(set);
    if (strategies === undefined) {
      strategies = new Map(analysis.strategies.map((strategy) => [strategy.name, []]));
      bySet.set(set, strategies);
    }
    strategies.get(replay.strategy)?.push(replay);
  }
  return [...bySet].map(([name, strategies]) => {
    const baselineReplays = strategies.get(analysis.baseline) ?? [];
    const reference = summarizeReplays(analysis.baseline, baselineReplays);
    return {
      name,
      transcripts: reference.transcripts,
      strategies: [...strategies].map(([strategy, replays]) =>
        compareToBaseline(summarizeReplays(strategy, replays), reference, { replays, baselineReplays }),
      ),
    };
  });
}
