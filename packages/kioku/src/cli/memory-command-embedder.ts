import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  createHashingEmbedder,
  createModelEmbedder,
  type Embedder,
  type EmbeddingSpace,
  InvalidMemoryInputError,
  isHashingEmbedderId,
} from '../entry/store.js';

/** The embedding options of `kioku memory` (each falls back on a `KIOKU_EMBEDDING_*` variable). */
export interface EmbeddingOptions {
  embeddingUrl?: string;
  embeddingModel?: string;
  embeddingDimensions?: string;
}

/**
 * The embedder `kioku memory` uses: an embedding model behind an OpenAI-compatible endpoint when one is
 * configured (`--embedding-url` and `--embedding-model`, or `KIOKU_EMBEDDING_URL` and
 * `KIOKU_EMBEDDING_MODEL`; key in `KIOKU_EMBEDDING_API_KEY`), else the offline hashing embedder at the
 * dimension the store records (384 for a new store). A store that records a model embedder needs it
 * configured: its vectors cannot be compared with any other.
 */
export function embedderForStore(options: EmbeddingOptions, recorded: EmbeddingSpace | undefined): Embedder {
  const url = options.embeddingUrl ?? process.env.KIOKU_EMBEDDING_URL;
  const model = options.embeddingModel ?? process.env.KIOKU_EMBEDDING_MODEL;
  if (url === undefined || model === undefined || url === '' || model === '') {
    if (recorded === undefined || isHashingEmbedderId(recorded.embedder)) {
      return createHashingEmbedder(recorded === undefined ? {} : { dimensions: recorded.dimensions });
    }
    throw new InvalidMemoryInputError({
      field: '--embedding-url and --embedding-model',
      expected:
        `the embedder this store's memories were made with, ${recorded.embedder} at ${recorded.dimensions} ` +
        'dimensions, served by an OpenAI-compatible endpoint (or set KIOKU_EMBEDDING_URL and KIOKU_EMBEDDING_MODEL)',
      found: 'none',
    });
  }
  const dimensionsText = options.embeddingDimensions ?? process.env.KIOKU_EMBEDDING_DIMENSIONS;
  if (dimensionsText !== undefined && !/^\d+$/.test(dimensionsText)) {
    throw new InvalidMemoryInputError({
      field: '--embedding-dimensions',
      expected: 'a whole number in decimal digits',
      found: JSON.stringify(dimensionsText),
    });
  }
  const dimensions = dimensionsText === undefined ? recorded?.dimensions : Number(dimensionsText);
  if (dimensions === undefined) {
    throw new InvalidMemoryInputError({
      field: '--embedding-dimensions',
      expected: `the length of ${model}'s vectors (e.g. 768, 1536)`,
      found: 'none',
    });
  }
  const apiKey = process.env.KIOKU_EMBEDDING_API_KEY;
  const provider = createOpenAICompatible({
    name: 'openai-compatible',
    baseURL: url,
    ...(apiKey ? { apiKey } : {}),
  });
  // The same model may have been recorded under another provider's name (`openai.embedding:<model>`):
  // the model name decides the embedding space.
  const id =
    recorded?.embedder.endsWith(`:${model}`) === true ? recorded.embedder : `openai-compatible:${model}`;
  return createModelEmbedder({ model: provider.embeddingModel(model), dimensions, id });
}
