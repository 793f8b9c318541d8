/** Options of one `Embedder.embed` call. */
export interface EmbedOptions {
  abortSignal?: AbortSignal;
}

/**
 * Turns texts into vectors of a fixed dimension, for similarity search. A store records the `id` and
 * `dimensions` of the embedder its vectors came from and refuses another one: vectors of two embedders
 * are not comparable.
 */
export interface Embedder {
  /** Names the embedding space, e.g. `kioku-hashing-v1` or `openai.embedding:text-embedding-3-small`. */
  readonly id: string;
  /** Length of every vector `embed` returns. */
  readonly dimensions: number;
  /**
   * `'lexical'`: texts are close when they share words and spellings (no model, no network).
   * `'semantic'`: a model places texts of similar meaning close, whatever their words.
   */
  readonly kind: 'lexical' | 'semantic';
  /** One vector per text, in order. */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<number[][]>;
}
