import { FileContentError, type FileContentProblem } from './file-content-error.js';

/**
 * A file is not a transcript kioku can read, or is broken. Says which file, where in it (a JSON path
 * such as `$.messages[3].content`, or `line 12`), and what was expected there.
 */
export class TranscriptFormatError extends FileContentError {
  static override readonly marker: symbol = Symbol.for('kioku.error.transcript-format');

  constructor(problem: FileContentProblem) {
    super({ name: 'TranscriptFormatError', ...problem });
  }
}
