import { describe, expect, it } from 'vitest';
import { StrategyOptionsError } from '../errors/strategy-options-error.js';
import { tokenTrigger } from './token-trigger.js';

describe('tokenTrigger', () => {
  const budget = { contextWindow: 100_000, reservedOutputTokens: 20_000 };

  it('fires once the prompt holds inputTokens tokens, whatever the window, and targets that size', () => {
    const trigger = tokenTrigger({ inputTokens: 30_000 });
    expect(trigger.shouldCompact({ promptTokens: 29_999, messages: [], budget })).toBe(false);
    expect(trigger.shouldCompact({ promptTokens: 30_000, messages: [], budget })).toBe(true);
    expect(trigger.target(budget)).toBe(30_000);
    expect(trigger.inputTokens).toBe(30_000);
    expect(tokenTrigger({ inputTokens: 0 }).shouldCompact({ promptTokens: 0, messages: [], budget })).toBe(
      true,
    );
  });

  it('rejects a count that is not a non-negative integer', () => {
    expect(() => tokenTrigger({ inputTokens: -1 })).toThrow(StrategyOptionsError);
    expect(() => tokenTrigger({ inputTokens: 1.5 })).toThrow(/inputTokens/);
  });
});
