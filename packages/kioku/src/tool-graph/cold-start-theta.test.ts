import { describe, expect, it } from 'vitest';
import { coldStartTheta, defaultToolGraphTheta } from './cold-start-theta.js';

describe('coldStartTheta', () => {
  it('tightens θ to 0.99 for a young graph and relaxes it to the default over 100 runs', () => {
    expect(coldStartTheta({ runs: 0 })).toBe(0.99);
    expect(coldStartTheta({ runs: 50 })).toBeCloseTo(0.98);
    expect(coldStartTheta({ runs: 100 })).toBe(defaultToolGraphTheta);
    expect(coldStartTheta({ runs: 5000 })).toBe(defaultToolGraphTheta);
    const thetas = [0, 10, 40, 70, 99].map((runs) => coldStartTheta({ runs }));
    expect(thetas).toEqual([...thetas].sort((a, b) => b - a));
    expect(coldStartTheta({ runs: 20, start: 0.95, settled: 0.6, settleRuns: 40 })).toBeCloseTo(0.775);
  });
});
