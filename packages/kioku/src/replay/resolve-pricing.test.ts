import { describe, expect, it } from 'vitest';
import { UnknownModelError } from '../errors/index.js';
import { getModelInfo } from '../pricing/get-model-info.js';
import { resolvePricing } from './resolve-pricing.js';

describe('resolvePricing', () => {
  it("uses the transcript model's own prices and caching rules by default", () => {
    const pricing = resolvePricing({ modelId: 'deepseek-chat' });
    expect(pricing.model).toEqual(getModelInfo('deepseek-chat'));
    expect(pricing.policy.name).toBe('deepseek');
    expect(pricing.markBreakpoints).toBeUndefined();
  });

  it('places breakpoints for providers that cache only marked prefixes', () => {
    const pricing = resolvePricing({ modelId: 'claude-3-5-sonnet-20241022' });
    expect(pricing.policy.breakpoints).toBe('explicit');
    const marked = pricing.markBreakpoints?.([
      { role: 'system', content: 'S' },
      { role: 'user', content: 'U' },
    ]);
    expect(marked?.map((message) => message.providerOptions?.anthropic?.cacheControl)).toEqual([
      { type: 'ephemeral' },
      { type: 'ephemeral' },
    ]);
  });

  it('applies anthropic-style caching to the model: writes at 1.25×, reads at 0.1× of its input price', () => {
    const { inputPerToken, outputPerToken } = getModelInfo('deepseek-chat').price;
    const pricing = resolvePricing({ modelId: 'deepseek-chat', pricing: 'anthropic-style' });
    expect(pricing.name).toBe('anthropic-style (deepseek-chat input price)');
    expect(pricing.policy.name).toBe('anthropic');
    expect(pricing.model.price.inputPerToken).toBe(inputPerToken);
    expect(pricing.model.price.outputPerToken).toBe(outputPerToken);
    expect(pricing.model.price.cacheWritePerToken).toBeCloseTo(inputPerToken * 1.25, 15);
    expect(pricing.model.price.cacheReadPerToken).toBeCloseTo(inputPerToken * 0.1, 15);
    expect(pricing.markBreakpoints).toBeDefined();
  });

  it("bills with another model's price table, or the overrides given", () => {
    expect(resolvePricing({ modelId: 'claude-3-5-sonnet-20241022', pricing: 'deepseek-chat' }).model.id).toBe(
      'deepseek-chat',
    );
    const overrides = {
      models: { 'deepseek-chat': { pricePerMillionTokens: { input: 0.28, output: 0.42 } } },
    };
    expect(resolvePricing({ modelId: 'deepseek-chat', overrides }).model.price.inputPerToken).toBeCloseTo(
      0.28e-6,
      15,
    );
    expect(() => resolvePricing({ modelId: 'no-such-model' })).toThrow(UnknownModelError);
  });
});
