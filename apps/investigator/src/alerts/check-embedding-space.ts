import { type EmbeddingSpaceCheck, EmbeddingSpaceError } from './embedding-space-error.js';

/**
 * Throws {@link EmbeddingSpaceError} when any of a store's alerts (`stored`, from
 * `AlertStore.embeddingSpaces`) was embedded by another embedder than `embedder`, or at another length
 * than `dimensions`: their vectors could not be compared.
 */
export function checkEmbeddingSpace({ stored, embedder, dimensions }: EmbeddingSpaceCheck): void {
  if (stored.some((space) => space.embedder !== embedder || space.dimensions !== dimensions)) {
    throw new EmbeddingSpaceError({ stored, embedder, dimensions });
  }
}
