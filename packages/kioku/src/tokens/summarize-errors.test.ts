import { describe, expect, it } from 'vitest';
import { percentile } from './percentile.js';
import { summarizeErrors } from './summarize-errors.js';

describe('summarizeErrors', () => {
  it('gives median and p95 absolute relative errors in percent, and the naive median', () => {
    const rows = [
      { recorded: 100, counted: 101, naive: 120 },
      { recorded: 100, counted: 98, naive: 80 },
      { recorded: 200, counted: 200, naive: 250 },
      { recorded: 0, counted: 5, naive: 5 },
    ];
    const summary = summarizeErrors(rows);
    expect(summary.calls).toBe(3);
    expect(summary.medianAbsErrorPct).toBe(1);
    expect(summary.p95AbsErrorPct).toBeCloseTo(1.9);
    expect(summary.meanErrorPct).toBeCloseTo(-1 / 3);
    expect(summary.naiveMedianAbsErrorPct).toBe(20);
  });

  it('interpolates percentiles between ranks, NaN for nothing', () => {
    expect(percentile([3, 1, 2, 4], 50)).toBe(2.5);
    expect(percentile([1, 2, 3, 4, 5], 95)).toBeCloseTo(4.8);
    expect(percentile([], 50)).toBeNaN();
  });
});
