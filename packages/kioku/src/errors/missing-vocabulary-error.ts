import { ConfigurationError } from './configuration-error.js';

/**
 * A token counter's vocabulary file is not where kioku looks for it (`dist/tokens/vocabularies` of the
 * package, or `KIOKU_VOCABULARY_DIR`): typically a bundler left the package's data files behind. Says
 * which file and how to provide it.
 */
export class MissingVocabularyError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('kioku.error.missing-vocabulary');
  /** The vocabulary, e.g. `o200k_base`. */
  readonly vocabulary: string;
  /** The file that was looked for. */
  readonly path: string;

  constructor({ vocabulary, path, cause }: { vocabulary: string; path: string; cause?: unknown }) {
    super({
      name: 'MissingVocabularyError',
      message: `the ${vocabulary} vocabulary is missing: ${path} could not be read. Reinstall kioku, or, when bundling, copy kioku's dist/tokens/vocabularies next to the bundle and set KIOKU_VOCABULARY_DIR to it`,
      cause,
    });
    this.vocabulary = vocabulary;
    this.path = path;
  }
}
