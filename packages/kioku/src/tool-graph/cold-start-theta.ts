/** The confidence threshold θ a graph bypasses the model at once it has learned enough runs. */
export const defaultToolGraphTheta = 0.8;

/** Options of {@link coldStartTheta}. */
export interface ColdStartThetaOptions {
  /** Runs the graph has learned (`graph.runs`). */
  runs: number;
  /** θ with no runs learned; default 0.9. */
  start?: number;
  /** θ once `settleRuns` runs are learned; default {@link defaultToolGraphTheta} (0.8). */
  settled?: number;
  /** Runs after which θ is `settled`; default 100 (AutoTool's cold start). */
  settleRuns?: number;
}

/**
 * The confidence threshold for a graph that is still learning (AutoTool's cold start): `start` (0.9) with
 * no runs, falling linearly to `settled` (0.8) at `settleRuns` (100) runs and staying there, so a young
 * graph bypasses the model only when it is very sure.
 *
 * @example
 * coldStartTheta({ runs: graph.runs }); // 0.9 at 0 runs, 0.85 at 50, 0.8 from 100 on
 */
export function coldStartTheta({
  runs,
  start = 0.9,
  settled = defaultToolGraphTheta,
  settleRuns = 100,
}: ColdStartThetaOptions): number {
  const progress = settleRuns <= 0 ? 1 : Math.min(1, Math.max(0, runs) / settleRuns);
  return start + (settled - start) * progress;
}
