import { describe, expect, it } from 'vitest';
import { cachePrices } from './cache-prices.js';
import { findCachePrices } from './find-cache-prices.js';
import { getModelInfo } from './get-model-info.js';
import { noCachePolicy } from './no-cache-policy.js';

describe('cachePrices', () => {
  it('gives Anthropic’s write premium and read discount relative to the input price', () => {
    const prices = cachePrices(getModelInfo('claude-3-5-sonnet-20241022'));
    expect(prices.read).toBeCloseTo(0.1, 6);
    expect(prices.write).toBeCloseTo(1.25, 6);
    expect(prices.marked).toBe(true);
    // Sonnet caches prefixes of 1024 tokens or more, at any length past that.
    expect(prices.minimumTokens).toBe(1024);
    expect(prices.granularity).toBeUndefined();
  });

  it('charges no premium for writes to an automatic cache (OpenAI): the input price', () => {
    // OpenAI caches prompts of 1024 tokens or more, read in steps of 128 tokens.
    expect(cachePrices(getModelInfo('gpt-4o'))).toEqual({
      read: 0.5,
      write: 1,
      marked: false,
      minimumTokens: 1024,
      granularity: 128,
    });
  });

  it('is 1 for both where nothing is cached', () => {
    expect(cachePrices(getModelInfo('gpt-4o'), noCachePolicy())).toEqual({
      read: 1,
      write: 1,
      marked: false,
    });
  });
});

describe('findCachePrices', () => {
  it('looks a model up under its provider’s name first, and says undefined for one it does not know', () => {
    expect(findCachePrices('gpt-4o', { provider: 'openai.chat' })).toEqual({
      read: 0.5,
      write: 1,
      marked: false,
      minimumTokens: 1024,
      granularity: 128,
    });
    expect(findCachePrices('no-such-model-anywhere')).toBeUndefined();
  });
});
