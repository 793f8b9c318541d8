import { FileContentError, type FileContentProblem } from './file-content-error.js';

const symbol = Symbol.for('kioku.error.memory-import');

/**
 * A file of memories to import is not JSON Lines of `{"claim": "…", "queryText": "…"}`: says which file,
 * which line and what was expected there. Nothing is imported from a file with such a line.
 */
export class MemoryImportError extends FileContentError {
  readonly [symbol] = true;

  constructor(problem: FileContentProblem) {
    super({ name: 'MemoryImportError', ...problem });
  }

  static override isInstance(error: unknown): error is MemoryImportError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
