import { describe, expect, it } from 'vitest';
import { counterForModel } from './counter-for-model.js';
import { loadCounter } from './load-counter.js';

describe('loadCounter', () => {
  it('resolves to the shared counter of the model, its vocabulary loaded', async () => {
    const counter = await loadCounter('gpt-4.1');
    expect(counter).toBe(counterForModel('openai/gpt-4.1'));
    expect(counter.countText('hello world')).toBe(2);
  });

  it('resolves for a model without a vocabulary (the bytes estimate)', async () => {
    const counter = await loadCounter('some-unknown-model');
    expect(counter.family).toBe('bytes');
  });

  it('rejects with the abort reason when aborted, before or while it loads', async () => {
    const before = new AbortController();
    before.abort(new Error('shutting down'));
    await expect(loadCounter('qwen2.5:7b', { abortSignal: before.signal })).rejects.toThrow('shutting down');
    const during = new AbortController();
    const loading = loadCounter('deepseek-chat', { abortSignal: during.signal });
    during.abort(new Error('request aborted'));
    await expect(loading).rejects.toThrow('request aborted');
  });
});
