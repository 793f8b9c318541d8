import { ConfigurationError } from 'kioku';

/** One embedding space of a store's alerts: the embedder's id, its vectors' length, how many alerts. */
export interface AlertEmbeddingSpace {
  embedder: string;
  dimensions: number;
  alerts: number;
}

/** Embeddings about to be stored, and the spaces of the alerts already stored. */
export interface EmbeddingSpaceCheck {
  /** The store's embedding spaces (`AlertStore.embeddingSpaces`). */
  stored: readonly AlertEmbeddingSpace[];
  /** The id of the embedder in use. */
  embedder: string;
  /** The length of its vectors. */
  dimensions: number;
}

/**
 * Cause: an alert embedded by one embedder (or at one vector length) was to be stored beside alerts
 * embedded by another; their vectors cannot be compared, so nothing was stored.
 */
export class EmbeddingSpaceError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('investigator.error.embedding-space');
  readonly stored: readonly AlertEmbeddingSpace[];
  readonly embedder: string;
  readonly dimensions: number;

  constructor({ stored, embedder, dimensions }: EmbeddingSpaceCheck) {
    const spaces = stored
      .map((space) => `${space.embedder} at ${space.dimensions} dimensions (${space.alerts} alerts)`)
      .join(', ');
    const why = stored.some((space) => space.embedder === embedder)
      ? `its vectors have ${dimensions} dimensions, which differ from the stored vectors'`
      : 'vectors of different models cannot be compared';
    super({
      name: 'EmbeddingSpaceError',
      message:
        `the store's alerts are embedded by ${spaces}; the embedder in use is ${embedder} at ${dimensions} dimensions: ${why}. ` +
        "Nothing was stored. Use the store's embedder (--embedding-model and --embedding-dimensions, or none for kioku's hashing embedder), " +
        'or re-embed every alert with `investigator reembed`',
    });
    this.stored = stored;
    this.embedder = embedder;
    this.dimensions = dimensions;
  }
}
