import { describe, expect, it } from 'vitest';
import { lengthCounter, sized } from '../test/length-counter.js';
import type { ModelInfo } from './model-info.js';
import { openAICachePolicy } from './openai-cache-policy.js';
import { type SimulatedCall, simulateCost } from './simulate-cost.js';

const model: ModelInfo = {
  id: 'test-gpt',
  provider: 'openai',
  contextWindow: 128_000,
  maxOutputTokens: 16_384,
  price: { inputPerToken: 2, outputPerToken: 8, cacheReadPerToken: 1 },
};
const counter = lengthCounter();

function bills(calls: SimulatedCall[]) {
  return simulateCost({ calls, model, counter, policy: openAICachePolicy() }).calls;
}

describe('openAICachePolicy', () => {
  const system = sized('system', 1000);
  const user = sized('user', 500);
  const answer = sized('assistant', 50);

  it('reads the cached prefix from 1024 tokens on in steps of 128, with no write premium', () => {
    const result = bills([
      { prompt: { messages: [system, user] }, outputTokens: 50, timestamp: 0 },
      { prompt: { messages: [system, user, answer, sized('user', 100)] }, outputTokens: 10, timestamp: 5 },
    ]);
    expect(result[0]).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 0, inputTokens: 1500 });
    // 1500 tokens in common: 1024 + 3 × 128 = 1408 read, 92 + 150 billed as input.
    expect(result[1]).toMatchObject({ cacheReadTokens: 1408, cacheWriteTokens: 0, inputTokens: 242 });
    expect(result[1]?.cost).toBe(1408 * 1 + 242 * 2 + 10 * 8);
  });

  it('caches nothing shorter than 1024 tokens', () => {
    const prompt = { messages: [sized('system', 1000), sized('user', 20)] };
    const result = bills([
      { prompt, outputTokens: 0, timestamp: 0 },
      { prompt, outputTokens: 0, timestamp: 1 },
    ]);
    expect(result.map((bill) => bill.cacheReadTokens)).toEqual([0, 0]);
  });

  it('lets an unused prefix expire after 5 minutes', () => {
    const prompt = { messages: [system, user] };
    const result = bills([
      { prompt, outputTokens: 0, timestamp: 0 },
      { prompt, outputTokens: 0, timestamp: 400 },
    ]);
    expect(result[1]?.cacheReadTokens).toBe(0);
  });
});
