import { describe, expect, it } from 'vitest';
import type { CallBill } from './call-bill.js';
import { compareBills } from './compare-bills.js';

const price = { inputPerToken: 1, outputPerToken: 2, cacheReadPerToken: 0.1, cacheWritePerToken: 1.25 };
const bill = (read: number, write: number, prompt = 1000): CallBill => ({
  promptTokens: prompt,
  inputTokens: prompt - read - write,
  cacheReadTokens: read,
  cacheWriteTokens: write,
  outputTokens: 10,
  cost: (prompt - read - write) * 1 + read * 0.1 + write * 1.25 + 20,
});

describe('compareBills', () => {
  it('compares sums and per-call medians over the calls that recorded a split', () => {
    const comparison = compareBills({
      bills: [bill(900, 100), bill(0, 1000), bill(500, 500)],
      recorded: [
        { promptTokens: 1000, cacheReadTokens: 1000, cacheWriteTokens: 0, completionTokens: 10, cost: 9 },
        { promptTokens: 1000, cacheReadTokens: 0, cacheWriteTokens: 1000, completionTokens: 10, cost: 9 },
        { promptTokens: 1000, completionTokens: 10 },
      ],
      price,
    });
    expect(comparison.calls).toBe(2);
    expect(comparison.callsLackingSplit).toBe(1);
    expect(comparison.recorded.cacheReadTokens).toBe(1000);
    expect(comparison.simulated.cacheReadTokens).toBe(900);
    expect(comparison.aggregateErrorPercent.cacheReadTokens).toBeCloseTo(-10, 9);
    expect(comparison.aggregateErrorPercent.cacheWriteTokens).toBeCloseTo(10, 9);
    // Only the first call recorded reads (> 0): its error is 10%. Writes: 0% on the second only.
    expect(comparison.medianErrorPercent.cacheReadTokens).toBeCloseTo(10, 9);
    expect(comparison.medianErrorPercent.cacheWriteTokens).toBe(0);
    expect(comparison.recorded.cost).toBeCloseTo(100 + 20 + 1250 + 20, 9);
    expect(comparison.recorderCost).toBe(18);
  });
});
