import { ConfigurationError } from './configuration-error.js';

/** The embedding space a store records: which embedder made its vectors, and their length. */
export interface EmbeddingSpace {
  embedder: string;
  dimensions: number;
}

/**
 * A store's vectors were made by one embedder and it was opened with another (another dimension, or
 * another model of the same dimension): their vectors cannot be compared, so recall would be noise.
 * Names both, so the user can open the store with the embedder it records, or use a new store.
 */
export class EmbedderMismatchError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('kioku.error.embedder-mismatch');
  readonly location: string;
  /** What the store records. */
  readonly stored: EmbeddingSpace;
  /** What it was opened with. */
  readonly given: EmbeddingSpace;

  constructor({
    location,
    stored,
    given,
  }: { location: string; stored: EmbeddingSpace; given: EmbeddingSpace }) {
    const describe = ({ embedder, dimensions }: EmbeddingSpace) => `${embedder} (${dimensions} dimensions)`;
    super({
      name: 'EmbedderMismatchError',
      message:
        `store ${location}: its memories were embedded with ${describe(stored)}, but it was opened with ` +
        `${describe(given)}; vectors of different embedders cannot be compared. Open it with ` +
        `${stored.embedder} at ${stored.dimensions} dimensions, or use another store`,
    });
    this.location = location;
    this.stored = stored;
    this.given = given;
  }
}
