import { describe, expect, it } from 'vitest';
import { StrategyOptionsError } from '../errors/strategy-options-error.js';
import { thresholdTrigger } from './threshold-trigger.js';

describe('thresholdTrigger', () => {
  const budget = { contextWindow: 100_000, reservedOutputTokens: 20_000 };
  const fires = (fraction: number, promptTokens: number, contextWindow: number) =>
    thresholdTrigger({ fraction }).shouldCompact({ promptTokens, messages: [], budget: { contextWindow } });

  it('fires at the fraction of the usable window and targets it', () => {
    const trigger = thresholdTrigger({ fraction: 0.5 });
    expect(trigger.shouldCompact({ promptTokens: 39_999, messages: [], budget })).toBe(false);
    expect(trigger.shouldCompact({ promptTokens: 40_000, messages: [], budget })).toBe(true);
    expect(trigger.target(budget)).toBe(40_000);
    expect(trigger.fraction).toBe(0.5);
  });

  it('fires at exactly the fraction whatever the rounding of fraction × window', () => {
    // 100 * 0.55 is 55.00000000000001 and 50 * 0.14 is 7.000000000000001 in floating point.
    expect(fires(0.55, 55, 100)).toBe(true);
    expect(fires(0.55, 54, 100)).toBe(false);
    expect(fires(0.14, 7, 50)).toBe(true);
    expect(fires(0.14, 6, 50)).toBe(false);
  });

  it('defaults to 80% and rejects a fraction out of (0, 1]', () => {
    expect(thresholdTrigger().target({ contextWindow: 1000 })).toBe(800);
    expect(() => thresholdTrigger({ fraction: 0 })).toThrow(StrategyOptionsError);
    expect(() => thresholdTrigger({ fraction: 1.5 })).toThrow(/fraction/);
  });
});
