import { describe, expect, it } from 'vitest';
import { cacheableTokens } from './cacheable-tokens.js';

describe('cacheableTokens', () => {
  it('reads nothing under the minimum and counts past it in steps of the granularity', () => {
    const openai = { minimumTokens: 1024, granularity: 128 };
    expect(cacheableTokens(1023, openai)).toBe(0);
    expect(cacheableTokens(1024, openai)).toBe(1024);
    expect(cacheableTokens(1500, openai)).toBe(1408);
    expect(cacheableTokens(1500, { minimumTokens: 0, granularity: 1 })).toBe(1500);
  });
});
