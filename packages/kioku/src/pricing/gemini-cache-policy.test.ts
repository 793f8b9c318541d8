import { describe, expect, it } from 'vitest';
import { lengthCounter, sized } from '../test/length-counter.js';
import { cachePolicyForModel } from './cache-policy-for-model.js';
import { geminiCachePolicy } from './gemini-cache-policy.js';
import type { ModelInfo } from './model-info.js';
import { simulateCost } from './simulate-cost.js';

const model: ModelInfo = {
  id: 'test-gemini',
  provider: 'google',
  contextWindow: 1_000_000,
  maxOutputTokens: 65_536,
  price: { inputPerToken: 0.3, outputPerToken: 2.5, cacheReadPerToken: 0.03 },
};
const counter = lengthCounter();

describe('geminiCachePolicy', () => {
  it('reads the whole shared prefix once it reaches the minimum, with no write premium', () => {
    const system = sized('system', 1100);
    const calls = [
      { prompt: { messages: [system, sized('user', 5)] }, outputTokens: 0, timestamp: 0 },
      {
        prompt: { messages: [system, sized('user', 5), sized('assistant', 7), sized('user', 3)] },
        outputTokens: 0,
        timestamp: 1,
      },
    ];
    const [first, second] = simulateCost({ calls, model, counter, policy: geminiCachePolicy() }).calls;
    expect(first).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 0, inputTokens: 1105 });
    expect(second).toMatchObject({ cacheReadTokens: 1105, cacheWriteTokens: 0, inputTokens: 10 });
    const pro = simulateCost({
      calls,
      model,
      counter,
      policy: geminiCachePolicy({ minimumCacheableTokens: 2048 }),
    });
    expect(pro.totals.cacheReadTokens).toBe(0);
  });
});

describe('cachePolicyForModel', () => {
  it('picks the rules by provider key and falls back to no caching', () => {
    expect(cachePolicyForModel({ provider: 'anthropic' }).name).toBe('anthropic');
    expect(cachePolicyForModel({ provider: 'azure' }).name).toBe('openai');
    expect(cachePolicyForModel({ provider: 'deepseek' }).name).toBe('deepseek');
    expect(cachePolicyForModel({ provider: 'google' }).name).toBe('gemini');
    expect(cachePolicyForModel({ provider: 'acme' }).name).toBe('none');
  });
});
