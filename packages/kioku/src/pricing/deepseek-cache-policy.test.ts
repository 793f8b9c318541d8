import { describe, expect, it } from 'vitest';
import { lengthCounter, sized } from '../test/length-counter.js';
import { deepSeekCachePolicy } from './deepseek-cache-policy.js';
import type { ModelInfo } from './model-info.js';
import { type SimulatedCall, simulateCost } from './simulate-cost.js';

const model: ModelInfo = {
  id: 'test-deepseek',
  provider: 'deepseek',
  contextWindow: 128_000,
  maxOutputTokens: 8192,
  price: { inputPerToken: 0.28, outputPerToken: 0.42, cacheReadPerToken: 0.028 },
};
const counter = lengthCounter();
const system = sized('system', 1000);
const user = sized('user', 200);
const answer = sized('assistant', 100);
const first: SimulatedCall = {
  prompt: { messages: [system, user] },
  completion: answer,
  outputTokens: 100,
  timestamp: 0,
};
const second: SimulatedCall = {
  prompt: { messages: [system, user, answer, sized('user', 80)] },
  outputTokens: 5,
  timestamp: 3,
};
const turn = [first, second];

function bills(calls: SimulatedCall[], storeProbability = 1) {
  return simulateCost({ calls, model, counter, policy: deepSeekCachePolicy({ storeProbability }) }).calls;
}

describe('deepSeekCachePolicy', () => {
  it('caches the prompt and the answer in 64-token units', () => {
    const [first, second] = bills(turn);
    expect(first).toMatchObject({ cacheReadTokens: 0, inputTokens: 1200 });
    // 1300 tokens of prompt + answer are cached as 20 units of 64 = 1280; the other 20 + 80 are misses.
    expect(second).toMatchObject({ cacheReadTokens: 1280, cacheWriteTokens: 0, inputTokens: 100 });
    expect(second?.cost).toBeCloseTo(1280 * 0.028 + 100 * 0.28 + 5 * 0.42, 9);
  });

  it('never hits a prefix shorter than one unit', () => {
    const prompt = { messages: [sized('system', 63)] };
    const result = bills([
      { prompt, outputTokens: 0, timestamp: 0 },
      { prompt, outputTokens: 0, timestamp: 1 },
    ]);
    expect(result[1]?.cacheReadTokens).toBe(0);
  });

  it('returns expected hits when storing is best-effort', () => {
    const [, half] = bills(turn, 0.5);
    expect(half?.cacheReadTokens).toBe(0.5 * 1280);
    // A third call: the second call's prefix (1380 → 1344) with chance 1/2, else the first's (1280) with 1/4.
    const third = {
      prompt: {
        messages: [system, user, answer, sized('user', 80), sized('assistant', 20), sized('user', 10)],
      },
      outputTokens: 0,
      timestamp: 6,
    };
    const result = bills([first, { ...second, completion: sized('assistant', 20) }, third], 0.5);
    expect(result[2]?.cacheReadTokens).toBeCloseTo(0.5 * 1344 + 0.25 * 1280, 9);
  });
});
