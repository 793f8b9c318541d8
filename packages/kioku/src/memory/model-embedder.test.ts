import { MockEmbeddingModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { EmbeddingDimensionError, InvalidMemoryInputError } from '../errors/index.js';
import { createModelEmbedder } from './model-embedder.js';

const model = (dimensions: number, maxEmbeddingsPerCall = 2) =>
  new MockEmbeddingModelV4({
    provider: 'test-provider',
    modelId: 'test-embedding',
    maxEmbeddingsPerCall,
    doEmbed: async ({ values }) => ({
      embeddings: values.map((value) =>
        Array.from({ length: dimensions }, (_, index) => value.length + index),
      ),
      warnings: [],
    }),
  });

describe('createModelEmbedder', () => {
  it('embeds through embedMany, in as many calls as the model needs, keeping the order', async () => {
    const embeddingModel = model(3);
    const embedder = createModelEmbedder({ model: embeddingModel, dimensions: 3 });
    expect(embedder).toMatchObject({ id: 'test-provider:test-embedding', dimensions: 3, kind: 'semantic' });
    expect(await embedder.embed(['a', 'bb', 'ccc'])).toEqual([
      [1, 2, 3],
      [2, 3, 4],
      [3, 4, 5],
    ]);
    expect(embeddingModel.doEmbedCalls.map((call) => call.values)).toEqual([['a', 'bb'], ['ccc']]);
    expect(await embedder.embed([])).toEqual([]);
    expect(createModelEmbedder({ model: embeddingModel, dimensions: 3, id: 'custom' }).id).toBe('custom');
  });

  it('refuses vectors of another length than configured, saying which to configure', async () => {
    const embedder = createModelEmbedder({ model: model(5), dimensions: 3 });
    const error = await embedder.embed(['a']).catch((caught: unknown) => caught);
    expect(EmbeddingDimensionError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain(
      'returned vectors of 5 dimensions, configured for 3; set dimensions: 5',
    );
    expect(() => createModelEmbedder({ model: model(3), dimensions: 0 })).toThrow(InvalidMemoryInputError);
  });
});
