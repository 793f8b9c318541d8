import { describe, expect, it } from 'vitest';
import { parseModelSpec } from './parse-model-spec.js';
import { registerModel } from './register-model.js';

describe('parseModelSpec', () => {
  it('reads a known provider before the first colon, and keeps the colons of the model id', () => {
    expect(parseModelSpec('ollama:qwen2.5:7b')).toEqual({ provider: 'ollama', modelId: 'qwen2.5:7b' });
    expect(parseModelSpec('openai:gpt-4.1')).toEqual({ provider: 'openai', modelId: 'gpt-4.1' });
    expect(parseModelSpec('Anthropic:claude-sonnet-4-5')).toEqual({
      provider: 'Anthropic',
      modelId: 'claude-sonnet-4-5',
    });
    expect(parseModelSpec('ollama_chat:qwen2.5')).toEqual({ provider: 'ollama_chat', modelId: 'qwen2.5' });
  });

  it('keeps an Ollama tag whole: what precedes its colon is no provider', () => {
    expect(parseModelSpec('llama3.1:8b')).toEqual({ modelId: 'llama3.1:8b' });
    expect(parseModelSpec('qwen2.5:7b')).toEqual({ modelId: 'qwen2.5:7b' });
    expect(parseModelSpec('gpt-4.1')).toEqual({ modelId: 'gpt-4.1' });
    expect(parseModelSpec(':x')).toEqual({ modelId: ':x' });
    expect(parseModelSpec('ollama:')).toEqual({ modelId: 'ollama:' });
  });

  it('knows the providers it is given and the ones registerModel adds', () => {
    expect(parseModelSpec('openai-compatible:m:1')).toEqual({ modelId: 'openai-compatible:m:1' });
    expect(parseModelSpec('openai-compatible:m:1', { providers: ['openai-compatible'] })).toEqual({
      provider: 'openai-compatible',
      modelId: 'm:1',
    });
    expect(parseModelSpec('test-parse-server:m')).toEqual({ modelId: 'test-parse-server:m' });
    registerModel('m', { provider: 'test-parse-server', contextWindow: 1000 });
    expect(parseModelSpec('test-parse-server:m')).toEqual({ provider: 'test-parse-server', modelId: 'm' });
  });
});
