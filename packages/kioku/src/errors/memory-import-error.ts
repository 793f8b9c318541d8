import { FileContentError, type FileContentProblem } from './file-content-error.js';

/**
 * A file of memories to import is not JSON Lines of `{"claim": "…", "queryText": "…"}`: says which file,
 * which line and what was expected there. Nothing is imported from a file with such a line.
 */
export class MemoryImportError extends FileContentError {
  static override readonly marker: symbol = Symbol.for('kioku.error.memory-import');

  constructor(problem: FileContentProblem) {
    super({ name: 'MemoryImportError', ...problem });
  }
}
