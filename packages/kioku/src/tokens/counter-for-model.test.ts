import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBytesCounter } from './bytes-counter.js';
import { counterForModel, createCounterForFamily } from './counter-for-model.js';
import { modelFamily } from './model-family.js';

describe('counterForModel', () => {
  it.each([
    ['deepseek-chat', 'deepseek-v3', true],
    ['deepseek-reasoner', 'deepseek-v3', true],
    ['deepseek/deepseek-chat', 'deepseek-v3', true],
    ['anthropic/claude-3-5-sonnet-20241022', 'claude', false],
    ['claude-3-5-sonnet-20241022', 'claude', false],
    ['litellm_proxy/claude-3-5-sonnet-20241022', 'claude', false],
    ['anthropic.claude-3-5-sonnet-20241022-v2:0', 'claude', false],
    ['gpt-4o', 'o200k', true],
    ['gpt-4o-mini-2024-07-18', 'o200k', true],
    ['openai:gpt-5', 'o200k', true],
    ['openai/gpt-4.1-mini', 'o200k', true],
    ['o3-mini', 'o200k', true],
    ['o1', 'o200k', true],
    ['gpt-4', 'cl100k', true],
    ['gpt-4-turbo', 'cl100k', true],
    ['gpt-3.5-turbo', 'cl100k', true],
    ['ollama_chat/qwen2.5:7b', 'qwen', false],
    ['hosted_vllm/Qwen/Qwen3-8B', 'qwen', false],
    ['alibaba:qwen3-max', 'qwen', false],
    ['google/gemini-2.5-pro', 'gemini', false],
    ['llama-3.1-70b-instruct', 'bytes', false],
    ['deepseek-r1-distill-qwen-32b', 'bytes', false],
    ['openrouter/some-new-model', 'bytes', false],
  ])('%s → %s (exact: %s)', (model, family, exact) => {
    expect(modelFamily(model)).toBe(family);
    const counter = counterForModel(model);
    expect(counter.family).toBe(family);
    expect(counter.exact).toBe(exact);
  });

  it('falls back to the bytes estimate, marked inexact, without a model id', () => {
    const counter = counterForModel(undefined);
    expect(counter.family).toBe('bytes');
    expect(counter.exact).toBe(false);
  });

  it('shares one counter per family, so its per-message cache is shared too', () => {
    expect(counterForModel('gpt-4o')).toBe(counterForModel('openai:gpt-5'));
    expect(counterForModel('claude-3-5-sonnet-20241022')).not.toBe(counterForModel('gpt-4o'));
  });

  describe.each(['deepseek-v3', 'claude', 'o200k', 'cl100k', 'qwen'] as const)('the %s counter', (family) => {
    const message = { role: 'user' as const, content: 'Summarise the alert: 10.0.0.1 scanned 443.' };

    it('counts with its vocabulary when the file is there', () => {
      const counter = createCounterForFamily(family);
      expect(counter.family).toBe(family);
      expect(counter.countMessage(message)).toBeGreaterThan(0);
    });

    it('is the bytes estimate, with a KIOKU_VOCABULARY_MISSING warning, when the file is missing', async () => {
      const warnings: Error[] = [];
      const listen = (warning: Error) => warnings.push(warning);
      process.on('warning', listen);
      const directory = process.env.KIOKU_VOCABULARY_DIR;
      process.env.KIOKU_VOCABULARY_DIR = mkdtempSync(join(tmpdir(), 'kioku-no-vocabularies-'));
      try {
        const counter = createCounterForFamily(family);
        expect(counter.family).toBe('bytes');
        expect(counter.exact).toBe(false);
        expect(counter.countMessage(message)).toBe(createBytesCounter().countMessage(message));
        await new Promise((resolve) => setImmediate(resolve));
        expect(warnings.map((warning) => (warning as { code?: string }).code)).toEqual([
          'KIOKU_VOCABULARY_MISSING',
        ]);
        expect(warnings[0]?.message).toContain(`kioku counts ${family} prompts with the bytes estimate`);
      } finally {
        process.off('warning', listen);
        if (directory === undefined) delete process.env.KIOKU_VOCABULARY_DIR;
        else process.env.KIOKU_VOCABULARY_DIR = directory;
      }
    });
  });
});
