import { InputFormatError } from './input-format-error.js';

/** Where in a file a problem is and what was expected there. */
export interface FileContentProblem {
  file: string;
  /** A JSON path such as `$.messages[3].content`, or a line and column. */
  location: string;
  expected: string;
  /** What was there instead, when it can be said briefly. */
  found?: string;
  cause?: unknown;
}

/**
 * A file kioku reads has the wrong content. The message names the file, where in it and what was
 * expected: `run.json: at $.messages[3].role: expected one of "user", "assistant", found 7`.
 */
export class FileContentError extends InputFormatError {
  static override readonly marker: symbol = Symbol.for('kioku.error.file-content');
  readonly file: string;
  readonly location: string;
  readonly expected: string;

  constructor({ name, file, location, expected, found, cause }: FileContentProblem & { name: string }) {
    const foundText = found === undefined ? '' : `, found ${found}`;
    super({ name, message: `${file}: at ${location}: expected ${expected}${foundText}`, cause });
    this.file = file;
    this.location = location;
    this.expected = expected;
  }
}
