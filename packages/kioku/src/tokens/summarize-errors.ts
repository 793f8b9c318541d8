import { percentile } from './percentile.js';

/** Error statistics of counted against recorded prompt tokens, in percent of the recorded count. */
export interface ErrorSummary {
  calls: number;
  medianAbsErrorPct: number;
  p95AbsErrorPct: number;
  /** Mean of (counted − recorded) / recorded: positive when the counter over-counts. */
  meanErrorPct: number;
  /** Median absolute error of the naive `characters / 4` estimate on the same calls. */
  naiveMedianAbsErrorPct: number;
}

/**
 * Median and 95th-percentile absolute relative error of `counted` against `recorded` (and of the naive
 * estimate), over rows such as those of `compareWithRecorded`. Rows with nothing recorded are skipped.
 *
 * @example
 * const { medianAbsErrorPct, p95AbsErrorPct } = summarizeErrors(compareWithRecorded(transcripts));
 */
export function summarizeErrors(
  rows: ReadonlyArray<{ recorded: number; counted: number; naive: number }>,
): ErrorSummary {
  const used = rows.filter((row) => row.recorded > 0);
  const errors = used.map((row) => ((row.counted - row.recorded) / row.recorded) * 100);
  const naive = used.map((row) => (Math.abs(row.naive - row.recorded) / row.recorded) * 100);
  return {
    calls: used.length,
    medianAbsErrorPct: percentile(errors.map(Math.abs), 50),
    p95AbsErrorPct: percentile(errors.map(Math.abs), 95),
    meanErrorPct:
      errors.length === 0 ? Number.NaN : errors.reduce((sum, error) => sum + error, 0) / errors.length,
    naiveMedianAbsErrorPct: percentile(naive, 50),
  };
}
