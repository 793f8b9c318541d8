/**
 * The confidence threshold θ a graph bypasses the model at once it has learned enough runs: the lowest θ
 * whose bypasses were right >= 90% on every dev set's training half (bench/tool-graph/predict.mjs).
 */
export const defaultToolGraphTheta = 0.97;

/** Options of {@link coldStartTheta}. */
export interface ColdStartThetaOptions {
  /** Runs the graph has learned (`graph.runs`). */
  runs: number;
  /** θ with no runs learned; default 0.99. */
  start?: number;
  /** θ once `settleRuns` runs are learned; default {@link defaultToolGraphTheta} (0.97). */
  settled?: number;
  /** Runs after which θ is `settled`; default 100 (AutoTool's cold start). */
  settleRuns?: number;
}

/**
 * The confidence threshold for a graph that is still learning (AutoTool's cold start): `start` (0.99) with
 * no runs, falling linearly to `settled` (0.97) at `settleRuns` (100) runs and staying there, so a young
 * graph bypasses the model only when it is very sure.
 *
 * @example
 * coldStartTheta({ runs: graph.runs }); // 0.99 at 0 runs, 0.98 at 50, 0.97 from 100 on
 */
export function coldStartTheta({
  runs,
  start = 0.99,
  settled = defaultToolGraphTheta,
  settleRuns = 100,
}: ColdStartThetaOptions): number {
  const progress = settleRuns <= 0 ? 1 : Math.min(1, Math.max(0, runs) / settleRuns);
  return start + (settled - start) * progress;
}
