import { ModelBehaviorError } from './model-behavior-error.js';

/**
 * An embedding model returned vectors of another length than the embedder was configured with, or a
 * number of vectors other than the number of texts: the `dimensions` option does not match the model.
 */
export class EmbeddingDimensionError extends ModelBehaviorError {
  static override readonly marker: symbol = Symbol.for('kioku.error.embedding-dimension');
  readonly embedder: string;
  readonly expected: number;
  readonly actual: number;

  constructor({
    embedder,
    expected,
    actual,
    what = 'dimensions',
  }: { embedder: string; expected: number; actual: number; what?: 'dimensions' | 'vectors' }) {
    super({
      name: 'EmbeddingDimensionError',
      message:
        what === 'dimensions'
          ? `embedder ${embedder} returned vectors of ${actual} dimensions, configured for ${expected}; ` +
            `set dimensions: ${actual} (a store keeps the dimension it was created with)`
          : `embedder ${embedder} returned ${actual} vectors for ${expected} texts`,
    });
    this.embedder = embedder;
    this.expected = expected;
    this.actual = actual;
  }
}
