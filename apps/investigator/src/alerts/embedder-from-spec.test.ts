import { type LoopbackProvider, startLoopbackProvider } from 'kioku/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fourDimensions } from './__fixtures__/four-dimensions.js';
import { embedderFromSpec } from './embedder-from-spec.js';

describe('embedderFromSpec (the real OpenAI-compatible client, a loopback embeddings server)', () => {
  let provider: LoopbackProvider;
  beforeAll(async () => {
    provider = await startLoopbackProvider({ replies: [], embed: fourDimensions });
  });
  afterAll(async () => {
    await provider?.close();
  });

  it('embeds through POST /embeddings with the model named by the spec, and names its space by the spec', async () => {
    const embedder = await embedderFromSpec({
      spec: 'openai-compatible:embed-small',
      dimensions: 4,
      env: { OPENAI_COMPATIBLE_BASE_URL: provider.baseUrl },
    });
    expect(embedder).toMatchObject({ id: 'openai-compatible:embed-small', dimensions: 4, kind: 'semantic' });
    expect(await embedder.embed(['ab 12'])).toEqual([[2, 2, 1, 5]]);
    expect(provider.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/embeddings',
      body: { model: 'embed-small', input: ['ab 12'] },
    });
  });

  it('refuses vectors of another length than configured, naming both', async () => {
    const embedder = await embedderFromSpec({
      spec: 'ollama:nomic-embed-text',
      dimensions: 768,
      baseUrl: provider.baseUrl,
      env: {},
    });
    await expect(embedder.embed(['x'])).rejects.toThrow(/768.*4|4.*768/);
  });

  it('names an unknown provider, a missing key and a missing base URL', async () => {
    await expect(embedderFromSpec({ spec: 'anthropic:claude', dimensions: 4, env: {} })).rejects.toThrow(
      'embedding model "anthropic:claude": expected provider:model with a provider of openai, openai-compatible, ollama (e.g. ollama:nomic-embed-text)',
    );
    await expect(embedderFromSpec({ spec: 'no-colon', dimensions: 4, env: {} })).rejects.toThrow(
      /embedding model "no-colon": expected provider:model/,
    );
    await expect(
      embedderFromSpec({ spec: 'openai:text-embedding-3-small', dimensions: 1536, env: {} }),
    ).rejects.toThrow('embedding model openai:text-embedding-3-small: no API key; set OPENAI_API_KEY');
    await expect(embedderFromSpec({ spec: 'openai-compatible:e', dimensions: 4, env: {} })).rejects.toThrow(
      /no base URL; pass --embedding-base-url or set OPENAI_COMPATIBLE_BASE_URL/,
    );
  });
});
