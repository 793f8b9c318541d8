import { describe, expect, it } from 'vitest';
import { MissingProviderSettingError } from '../errors/missing-provider-setting-error.js';
import { UnknownProviderError } from '../errors/unknown-provider-error.js';
import { languageModelFromSpec } from './model-providers.js';

describe('languageModelFromSpec', () => {
  it('builds an OpenAI-compatible model for a local server from --base-url, no key needed', async () => {
    const { model, provider, modelId } = await languageModelFromSpec('openai-compatible:qwen2.5:7b', {
      baseUrl: 'http://127.0.0.1:8000/v1',
      env: {},
    });
    expect({ provider, modelId }).toEqual({ provider: 'openai-compatible', modelId: 'qwen2.5:7b' });
    expect(typeof model === 'object' && model.provider).toBe('openai-compatible.chat');
  });

  it('asks for a base URL for openai-compatible and a key for hosted providers, naming the variables', async () => {
    await expect(languageModelFromSpec('openai-compatible:m', { env: {} })).rejects.toThrow(
      /needs a base URL: pass baseUrl or set OPENAI_COMPATIBLE_BASE_URL/,
    );
    const failure = await languageModelFromSpec('deepseek:deepseek-chat', { env: {} }).catch(
      (e: unknown) => e,
    );
    expect(MissingProviderSettingError.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toBe('provider "deepseek" needs an API key: set DEEPSEEK_API_KEY');
  });

  it('never shows the key', async () => {
    const secret = 'sk-do-not-print-0123456789';
    const { model } = await languageModelFromSpec('deepseek:deepseek-chat', {
      env: { DEEPSEEK_API_KEY: secret },
    });
    expect(JSON.stringify(model)).not.toContain(secret);
  });

  it('names the known providers for an unknown one', async () => {
    await expect(languageModelFromSpec('acme:x', { env: {} })).rejects.toThrow(
      /openai-compatible, ollama, openai/,
    );
    await expect(languageModelFromSpec('no-colon', { env: {} })).rejects.toThrow(UnknownProviderError);
  });

  it('loads Anthropic and Google through their own AI SDK providers', async () => {
    const claude = await languageModelFromSpec('anthropic:claude-sonnet-4-5', {
      env: { ANTHROPIC_API_KEY: 'x' },
    });
    const gemini = await languageModelFromSpec('google:gemini-2.5-flash', { env: { GEMINI_API_KEY: 'x' } });
    expect(typeof claude === 'object' && claude.modelId).toBe('claude-sonnet-4-5');
    expect(typeof gemini === 'object' && gemini.modelId).toBe('gemini-2.5-flash');
  });

  it('reads an Ollama tag without a provider as one model id and says how to name its provider', async () => {
    const failure = await languageModelFromSpec('llama3.1:8b', { env: {} }).catch((error: unknown) => error);
    expect(UnknownProviderError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ spec: 'llama3.1:8b', provider: undefined });
    expect((failure as Error).message).toContain(
      'model "llama3.1:8b" names no provider before its first colon',
    );
    expect((failure as Error).message).toContain('an Ollama model is ollama:llama3.1:8b');
    const { model, provider, modelId } = await languageModelFromSpec('ollama:llama3.1:8b', { env: {} });
    expect({ provider, modelId }).toEqual({ provider: 'ollama', modelId: 'llama3.1:8b' });
    expect(typeof model === 'object' && model.modelId).toBe('llama3.1:8b');
  });

  it('names the spec when its provider is known to the catalog but not one kioku builds', async () => {
    await expect(languageModelFromSpec('mistral:7b', { env: {} })).rejects.toThrow(
      'unknown provider "mistral" in "mistral:7b"',
    );
  });
});
