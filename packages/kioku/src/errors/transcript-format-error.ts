import { KiokuError } from './kioku-error.js';

const symbol = Symbol.for('kioku.error.transcript-format');

/**
 * A file is not a transcript kioku can read, or is broken. Says which file, where in it (a JSON path
 * such as `$.messages[3].content`, or `line 12`), and what was expected there.
 */
export class TranscriptFormatError extends KiokuError {
  readonly [symbol] = true;
  readonly file: string;
  readonly location: string;
  readonly expected: string;

  constructor({
    file,
    location,
    expected,
    found,
    cause,
  }: { file: string; location: string; expected: string; found?: string; cause?: unknown }) {
    const foundText = found === undefined ? '' : `, found ${found}`;
    super({
      name: 'TranscriptFormatError',
      message: `${file}: at ${location}: expected ${expected}${foundText}`,
      cause,
    });
    this.file = file;
    this.location = location;
    this.expected = expected;
  }

  static override isInstance(error: unknown): error is TranscriptFormatError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
