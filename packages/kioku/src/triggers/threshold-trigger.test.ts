import { describe, expect, it } from 'vitest';
import { StrategyOptionsError } from '../errors/strategy-options-error.js';
import { thresholdTrigger } from './threshold-trigger.js';

describe('thresholdTrigger', () => {
  const budget = { contextWindow: 100_000, reservedOutputTokens: 20_000 };

  it('fires at the fraction of the usable window and targets it', () => {
    const trigger = thresholdTrigger({ fraction: 0.5 });
    expect(trigger.shouldCompact({ promptTokens: 39_999, budget })).toBe(false);
    expect(trigger.shouldCompact({ promptTokens: 40_000, budget })).toBe(true);
    expect(trigger.target(budget)).toBe(40_000);
  });

  it('defaults to 80% and rejects a fraction out of (0, 1]', () => {
    expect(thresholdTrigger().target({ contextWindow: 1000 })).toBe(800);
    expect(() => thresholdTrigger({ fraction: 0 })).toThrow(StrategyOptionsError);
    expect(() => thresholdTrigger({ fraction: 1.5 })).toThrow(/fraction/);
  });
});
