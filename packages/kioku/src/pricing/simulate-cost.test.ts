import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lengthCounter, sized } from '../test/length-counter.js';
import { anthropicCachePolicy } from './anthropic-cache-policy.js';
import type { CachePolicy } from './cache-policy.js';
import { deepSeekCachePolicy } from './deepseek-cache-policy.js';
import type { ModelInfo } from './model-info.js';
import { noCachePolicy } from './no-cache-policy.js';
import { openAICachePolicy } from './openai-cache-policy.js';
import { type SimulatedCall, simulateCost } from './simulate-cost.js';

const model: ModelInfo = {
  id: 'test',
  provider: 'anthropic',
  contextWindow: 200_000,
  maxOutputTokens: 8192,
  price: { inputPerToken: 3, outputPerToken: 15, cacheReadPerToken: 0.3, cacheWritePerToken: 3.75 },
};
const counter = lengthCounter({ overhead: 7 });

describe('simulateCost', () => {
  it('bills every prompt token as input without caching, request overhead included', () => {
    const calls = [
      { prompt: { messages: [sized('system', 2000), sized('user', 100)] }, outputTokens: 20 },
      { prompt: { messages: [sized('system', 2000), sized('user', 300)] }, outputTokens: 30 },
    ];
    const report = simulateCost({ calls, model, counter, policy: noCachePolicy() });
    expect(report.policy).toBe('none');
    expect(report.totals).toEqual({
      promptTokens: 4414,
      inputTokens: 4414,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      outputTokens: 50,
      cost: 4414 * 3 + 50 * 15,
    });
  });

  it('leaves the request overhead after the last breakpoint as plain input', () => {
    const calls = [{ prompt: { messages: [sized('system', 2000, { mark: true })] }, outputTokens: 0 }];
    const [bill] = simulateCost({ calls, model, counter, policy: anthropicCachePolicy() }).calls;
    expect(bill).toMatchObject({ promptTokens: 2007, cacheWriteTokens: 2000, inputTokens: 7 });
  });

  it('replays calls in time order and returns bills in the order given', () => {
    const prompt = { messages: [sized('system', 2000, { mark: true })] };
    const report = simulateCost({
      calls: [
        { prompt, outputTokens: 0, timestamp: 50 },
        { prompt, outputTokens: 0, timestamp: 10 },
      ],
      model,
      counter,
    });
    expect(report.policy).toBe('anthropic');
    expect(report.calls.map((bill) => bill.cacheReadTokens)).toEqual([2000, 0]);
  });

  it('lets a call go through its own policy, which keeps its own cache', () => {
    const prompt = { messages: [sized('system', 2000, { mark: true })] };
    const report = simulateCost({
      calls: [
        { prompt, outputTokens: 0, policy: noCachePolicy() },
        { prompt, outputTokens: 0 },
      ],
      model,
      counter,
    });
    expect(report.calls.map((bill) => [bill.cacheReadTokens, bill.cacheWriteTokens])).toEqual([
      [0, 0],
      [0, 2000],
    ]);
  });

  it('prices missing cache prices as plain input', () => {
    const calls = [
      { prompt: { messages: [sized('system', 2000, { mark: true })] }, outputTokens: 0 },
      { prompt: { messages: [sized('system', 2000, { mark: true })] }, outputTokens: 0 },
    ];
    const plain = { ...model, price: { inputPerToken: 3, outputPerToken: 15 } };
    const report = simulateCost({
      calls,
      model: plain,
      counter: lengthCounter(),
      policy: anthropicCachePolicy(),
    });
    expect(report.totals.cost).toBe(4000 * 3);
  });

  const history = fc.array(
    fc.record({
      role: fc.constantFrom('user' as const, 'assistant' as const),
      tokens: fc.integer({ min: 1, max: 3000 }),
      mark: fc.boolean(),
      gap: fc.integer({ min: 0, max: 900 }),
    }),
    { minLength: 1, maxLength: 25 },
  );

  const policies: Array<[string, () => CachePolicy, number]> = [
    ['anthropic', () => anthropicCachePolicy(), 3.75 / 3],
    ['openai', () => openAICachePolicy(), 1],
    ['deepseek', () => deepSeekCachePolicy(), 1],
  ];

  it.each(policies)(
    '%s: splits add up and never cost more than the write premium over no caching',
    (_, make, premium) => {
      fc.assert(
        fc.property(history, (steps) => {
          const messages = [sized('system', 1500, { mark: true })];
          const calls: SimulatedCall[] = [];
          let time = 0;
          steps.forEach((step, index) => {
            messages.push(sized(step.role, step.tokens, { mark: step.mark, fill: String(index % 10) }));
            time += step.gap;
            calls.push({ prompt: { messages: [...messages] }, outputTokens: 5, timestamp: time });
          });
          const cached = simulateCost({ calls, model, counter, policy: make() });
          const plain = simulateCost({ calls, model, counter, policy: noCachePolicy() });
          cached.calls.forEach((bill, index) => {
            expect(bill.inputTokens).toBeGreaterThanOrEqual(0);
            expect(bill.cacheReadTokens).toBeGreaterThanOrEqual(0);
            expect(bill.inputTokens + bill.cacheReadTokens + bill.cacheWriteTokens).toBeCloseTo(
              bill.promptTokens,
              6,
            );
            expect(bill.cost).toBeLessThanOrEqual((plain.calls[index]?.cost ?? 0) * premium + 1e-6);
          });
        }),
      );
    },
  );
});
