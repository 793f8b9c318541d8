import { type EmbeddingModel, embedMany } from 'ai';
import { EmbeddingDimensionError } from '../errors/embedding-dimension-error.js';
import { InvalidMemoryInputError } from '../errors/invalid-memory-input-error.js';
import type { Embedder } from './embedder.js';

/** Options of {@link createModelEmbedder}. */
export interface ModelEmbedderOptions {
  /** Any AI SDK embedding model: `openai.embedding('text-embedding-3-small')`, an Ollama model, … */
  model: EmbeddingModel;
  /**
   * The length of the model's vectors (e.g. 1536 for text-embedding-3-small, 768 for
   * nomic-embed-text). A store's vector column has a fixed dimension, so it is needed before the first
   * call; every vector the model returns is checked against it.
   */
  dimensions: number;
  /** Names the embedding space in the store (default: `<provider>:<modelId>`). */
  id?: string;
  /** Retries per model call (default 2, the AI SDK's default). */
  maxRetries?: number;
}

/**
 * An embedder backed by an AI SDK embedding model, through `embedMany` (which splits large batches
 * into the calls the provider accepts). Semantic: texts of similar meaning are close.
 *
 * @example
 * import { openai } from '@ai-sdk/openai';
 * const embedder = createModelEmbedder({ model: openai.embedding('text-embedding-3-small'), dimensions: 1536 });
 */
export function createModelEmbedder({
  model,
  dimensions,
  id,
  maxRetries = 2,
}: ModelEmbedderOptions): Embedder {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 16_000) {
    throw new InvalidMemoryInputError({
      field: 'dimensions',
      expected: 'an integer from 1 to 16000 (pgvector indexes at most 2000 with HNSW)',
      found: String(dimensions),
    });
  }
  const embedderId = id ?? (typeof model === 'string' ? model : `${model.provider}:${model.modelId}`);
  return {
    id: embedderId,
    dimensions,
    kind: 'semantic',
    async embed(texts, { abortSignal } = {}) {
      if (texts.length === 0) return [];
      const { embeddings } = await embedMany({
        model,
        values: [...texts],
        maxRetries,
        ...(abortSignal === undefined ? {} : { abortSignal }),
      });
      if (embeddings.length !== texts.length) {
        throw new EmbeddingDimensionError({
          embedder: embedderId,
          expected: texts.length,
          actual: embeddings.length,
          what: 'vectors',
        });
      }
      for (const embedding of embeddings) {
        if (embedding.length !== dimensions) {
          throw new EmbeddingDimensionError({
            embedder: embedderId,
            expected: dimensions,
            actual: embedding.length,
          });
        }
      }
      return embeddings;
    },
  };
}
