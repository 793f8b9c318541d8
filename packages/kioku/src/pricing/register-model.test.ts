import { describe, expect, it } from 'vitest';
import { ModelOverridesError } from '../errors/model-overrides-error.js';
import { UnknownModelError } from '../errors/unknown-model-error.js';
import { findContextWindow } from './find-context-window.js';
import { getModelInfo } from './get-model-info.js';
import { registerModel } from './register-model.js';

describe('registerModel', () => {
  it('adds a model the catalog lacks, under its provider prefix', () => {
    expect(() => getModelInfo('vllm:test-coder-32b')).toThrow(UnknownModelError);
    registerModel('vllm/test-coder-32b', {
      contextWindow: 32_768,
      maxOutputTokens: 8192,
      pricePerMillionTokens: { input: 1, output: 2, cacheRead: 0.5 },
    });
    expect(getModelInfo('vllm:test-coder-32b')).toEqual({
      id: 'test-coder-32b',
      provider: 'vllm',
      contextWindow: 32_768,
      maxOutputTokens: 8192,
      price: { inputPerToken: 1e-6, outputPerToken: 2e-6, cacheReadPerToken: 0.5e-6 },
    });
  });

  it('keeps an Ollama tag whole: what precedes its colon is no provider', () => {
    registerModel('test-llama3.1:8b', {
      contextWindow: 131_072,
      maxOutputTokens: 4096,
      pricePerMillionTokens: { input: 0, output: 0 },
    });
    expect(getModelInfo('test-llama3.1:8b')).toMatchObject({
      id: 'test-llama3.1:8b',
      provider: 'custom',
      contextWindow: 131_072,
    });
    expect(findContextWindow('8b')).toBeUndefined();
    registerModel('test-gemma3:27b', { provider: 'ollama', contextWindow: 8192 });
    expect(findContextWindow('ollama:test-gemma3:27b')).toBe(8192);
    expect(findContextWindow('test-gemma3:27b', { provider: 'ollama.chat' })).toBe(8192);
  });

  it('makes the window known at once even without prices', () => {
    expect(findContextWindow('test-window-only', { provider: 'acme.chat' })).toBeUndefined();
    registerModel('test-window-only', { provider: 'acme', contextWindow: 16_000 });
    expect(findContextWindow('test-window-only', { provider: 'acme.chat' })).toBe(16_000);
    expect(() => getModelInfo('acme:test-window-only')).toThrow(/no maxOutputTokens/);
  });

  it('replaces a listed model field by field', () => {
    const before = getModelInfo('openai:gpt-4o-mini');
    registerModel('openai:gpt-4o-mini', { contextWindow: 64_000 });
    expect(getModelInfo('openai:gpt-4o-mini')).toEqual({ ...before, contextWindow: 64_000 });
  });

  it('rejects bad figures like an override file', () => {
    expect(() => registerModel('acme:bad', { contextWindow: -5 })).toThrow(ModelOverridesError);
    expect(() => registerModel('acme:bad', { contextWindow: -5 })).toThrow(/contextWindow/);
  });
});
