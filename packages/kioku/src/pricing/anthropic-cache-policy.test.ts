import { describe, expect, it } from 'vitest';
import { lengthCounter, sized } from '../test/length-counter.js';
import { anthropicCachePolicy } from './anthropic-cache-policy.js';
import type { ModelInfo } from './model-info.js';
import { type SimulatedCall, simulateCost } from './simulate-cost.js';

const model: ModelInfo = {
  id: 'test-sonnet',
  provider: 'anthropic',
  contextWindow: 200_000,
  maxOutputTokens: 8192,
  price: { inputPerToken: 3, outputPerToken: 15, cacheReadPerToken: 0.3, cacheWritePerToken: 3.75 },
};
const counter = lengthCounter();
const policy = anthropicCachePolicy();
const system = sized('system', 1500, { mark: true });
const user = sized('user', 600);
const answer = sized('assistant', 100);

function bills(calls: SimulatedCall[], options = {}) {
  return simulateCost({ calls, model, counter, policy: anthropicCachePolicy(options) }).calls;
}

describe('anthropicCachePolicy', () => {
  it('writes up to the last breakpoint on the first call and reads that prefix on the next', () => {
    const first = { messages: [system, sized('user', 600, { mark: true })] };
    const second = { messages: [system, user, answer, sized('user', 300, { mark: true })] };
    const [one, two] = bills([
      { prompt: first, outputTokens: 10, timestamp: 0 },
      { prompt: second, outputTokens: 10, timestamp: 60 },
    ]);
    expect(one).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 2100, inputTokens: 0 });
    // The user message lost its marker, but its prefix is the same content: the system entry is read.
    expect(two).toMatchObject({ cacheReadTokens: 1500, cacheWriteTokens: 1000, inputTokens: 0 });
    expect(one?.cost).toBe(2100 * 3.75 + 10 * 15);
  });

  it('reads the longest live entry at one of the breakpoints and leaves unmarked tail as input', () => {
    const marked = sized('user', 600, { mark: true });
    const calls = [
      { prompt: { messages: [system, marked] }, outputTokens: 0, timestamp: 0 },
      { prompt: { messages: [system, marked, answer, sized('user', 400)] }, outputTokens: 0, timestamp: 10 },
    ];
    const [, two] = bills(calls);
    expect(two).toMatchObject({ cacheReadTokens: 2100, cacheWriteTokens: 0, inputTokens: 500 });
  });

  it('forgets an entry 5 minutes after its last use, and a hit renews it', () => {
    const prompt = { messages: [system, sized('user', 600, { mark: true })] };
    const expired = bills([
      { prompt, outputTokens: 0, timestamp: 0 },
      { prompt, outputTokens: 0, timestamp: 301 },
    ]);
    expect(expired[1]).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 2100 });
    const renewed = bills([
      { prompt, outputTokens: 0, timestamp: 0 },
      { prompt, outputTokens: 0, timestamp: 240 },
      { prompt, outputTokens: 0, timestamp: 480 },
    ]);
    expect(renewed.map((bill) => bill.cacheReadTokens)).toEqual([0, 2100, 2100]);
  });

  it('keeps entries marked with the 1-hour lifetime for an hour and prices their write apart', () => {
    const prompt = { messages: [sized('system', 1500, { mark: true, ttl: '1h' }), sized('user', 10)] };
    const long = simulateCost({
      calls: [
        { prompt, outputTokens: 0, timestamp: 0 },
        { prompt, outputTokens: 0, timestamp: 1800 },
      ],
      model: { ...model, price: { ...model.price, cacheWriteLongPerToken: 6 } },
      counter,
      policy,
    }).calls;
    expect(long[0]).toMatchObject({ cacheWriteTokens: 1500, cost: 1500 * 6 + 10 * 3 });
    expect(long[1]).toMatchObject({ cacheReadTokens: 1500, cacheWriteTokens: 0 });
  });

  it('caches nothing below the minimum cacheable length', () => {
    const prompt = { messages: [sized('system', 500, { mark: true }), sized('user', 400, { mark: true })] };
    const result = bills([
      { prompt, outputTokens: 0, timestamp: 0 },
      { prompt, outputTokens: 0, timestamp: 1 },
    ]);
    expect(result.map((bill) => [bill.cacheReadTokens, bill.cacheWriteTokens, bill.inputTokens])).toEqual([
      [0, 0, 900],
      [0, 0, 900],
    ]);
    const haiku = bills([{ prompt: { messages: [system, user] }, outputTokens: 0 }], {
      minimumCacheableTokens: 2048,
    });
    expect(haiku[0]?.cacheWriteTokens).toBe(0);
  });

  it('misses when an earlier message changed, since the prefix is no longer the same', () => {
    const tail = sized('user', 600, { mark: true });
    const result = bills([
      { prompt: { messages: [system, user, answer, tail] }, outputTokens: 0, timestamp: 0 },
      {
        prompt: { messages: [system, sized('user', 600, { fill: 'z' }), answer, tail] },
        outputTokens: 0,
        timestamp: 1,
      },
    ]);
    expect(result[1]).toMatchObject({ cacheReadTokens: 1500, cacheWriteTokens: 1300 });
  });

  it('counts only the last 4 breakpoints of a request', () => {
    const messages = [
      system,
      ...Array.from({ length: 5 }, (_, index) => sized('user', 200, { mark: true, fill: String(index) })),
    ];
    const [only] = bills([{ prompt: { messages }, outputTokens: 0, timestamp: 0 }]);
    expect(only?.cacheWriteTokens).toBe(2500);
    // The system breakpoint was dropped (5 user markers follow it), so a call marking only it misses.
    const [, again] = bills([
      { prompt: { messages }, outputTokens: 0, timestamp: 0 },
      { prompt: { messages: [system, sized('user', 10)] }, outputTokens: 0, timestamp: 1 },
    ]);
    expect(again?.cacheReadTokens).toBe(0);
  });

  it('shares entries between runs with the same prefix, in time order', () => {
    const runA = { messages: [system, sized('user', 300, { mark: true, fill: 'a' })] };
    const runB = { messages: [system, sized('user', 300, { mark: true, fill: 'b' })] };
    const result = simulateCost({
      calls: [
        { prompt: runB, outputTokens: 0, timestamp: 20 },
        { prompt: runA, outputTokens: 0, timestamp: 10 },
      ],
      model,
      counter,
      policy,
    }).calls;
    expect(result[1]).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 1800 });
    expect(result[0]).toMatchObject({ cacheReadTokens: 1500, cacheWriteTokens: 300 });
  });

  it('reads an entry a few blocks before a breakpoint only with a lookback', () => {
    const earlier = { messages: [system, sized('user', 600, { mark: true })] };
    const later = { messages: [system, sized('user', 600), answer, sized('user', 50, { mark: true })] };
    const calls = [
      { prompt: earlier, outputTokens: 0, timestamp: 0 },
      { prompt: later, outputTokens: 0, timestamp: 1 },
    ];
    expect(bills(calls)[1]?.cacheReadTokens).toBe(1500);
    expect(bills(calls, { lookbackBlocks: 20 })[1]?.cacheReadTokens).toBe(2100);
  });
});
