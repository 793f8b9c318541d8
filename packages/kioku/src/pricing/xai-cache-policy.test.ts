import { describe, expect, it } from 'vitest';
import { lengthCounter, sized } from '../test/length-counter.js';
import { cachePolicyForModel } from './cache-policy-for-model.js';
import { getModelInfo } from './get-model-info.js';
import { simulateCost } from './simulate-cost.js';

describe('xaiCachePolicy', () => {
  it('bills the repeated prefix of a grok-4 conversation at its cache-read price', () => {
    const model = getModelInfo('xai:grok-4');
    const policy = cachePolicyForModel(model);
    expect(policy.name).toBe('xai');
    const system = sized('system', 2000);
    const user = sized('user', 100);
    const { calls } = simulateCost({
      calls: [
        { prompt: { messages: [system, user] }, outputTokens: 10, timestamp: 0 },
        {
          prompt: { messages: [system, user, sized('assistant', 10), sized('user', 50)] },
          outputTokens: 10,
          timestamp: 5,
        },
      ],
      model,
      counter: lengthCounter(),
      policy,
    });
    expect(calls[1]).toMatchObject({ cacheReadTokens: 2100, inputTokens: 60 });
    const price = model.price;
    expect(calls[1]?.cost).toBeCloseTo(
      2100 * (price.cacheReadPerToken ?? 0) + 60 * price.inputPerToken + 10 * price.outputPerToken,
      12,
    );
  });
});
