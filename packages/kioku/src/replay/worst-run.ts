import type { TranscriptReplay } from './transcript-replay.js';

/** The run on which a strategy cost most against the baseline (see {@link worstRun}). */
export interface WorstRun {
  /** The run, as its replays name it. */
  transcript: { file: string; id: string };
  /** Its cached cost against the baseline's on the same run (1: the same; above 1: it cost more). */
  costCachedRatio: number;
  /** Its input tokens against the baseline's on the same run. */
  inputTokensRatio: number;
}

/**
 * The run on which a strategy's cached cost is highest against the baseline replayed on the same run: the
 * per-run worst case a pooled ratio can hide (a strategy cheaper over a set can still cost more than
 * sending everything on one of its runs). Runs the baseline did not bill (no call, no price) are left
 * out; undefined when none is left.
 *
 * @example
 * const worst = worstRun(defaultReplays, unmanagedReplays);
 * if (worst !== undefined && worst.costCachedRatio > 1) console.log(`${worst.transcript.id} costs more`);
 */
export function worstRun(
  replays: readonly TranscriptReplay[],
  baselineReplays: readonly TranscriptReplay[],
): WorstRun | undefined {
  const key = ({ transcript }: TranscriptReplay) => `${transcript.file}\u0000${transcript.id}`;
  const baselines = new Map(baselineReplays.map((replay) => [key(replay), replay.totals]));
  let worst: WorstRun | undefined;
  for (const replay of replays) {
    const baseline = baselines.get(key(replay));
    if (baseline === undefined || !(baseline.costCached > 0)) continue;
    const costCachedRatio = replay.totals.costCached / baseline.costCached;
    if (worst !== undefined && !(costCachedRatio > worst.costCachedRatio)) continue;
    worst = {
      transcript: { file: replay.transcript.file, id: replay.transcript.id },
      costCachedRatio,
      inputTokensRatio:
        baseline.inputTokens > 0 ? replay.totals.inputTokens / baseline.inputTokens : Number.NaN,
    };
  }
  return worst;
}
