import { InputFormatError } from 'kioku';

/** Cause: a threat-intelligence feed file is not a CSV or JSON list of indicators. Says where and what was expected. */
export class InvalidFeedError extends InputFormatError {
  static override readonly marker: symbol = Symbol.for('investigator.error.invalid-feed');
  readonly file: string;
  readonly line: number | undefined;

  constructor({
    file,
    line,
    message,
    cause,
  }: { file: string; line?: number; message: string; cause?: unknown }) {
    super({
      name: 'InvalidFeedError',
      message: `${file}${line === undefined ? '' : `:${line}`}: ${message}`,
      cause,
    });
    this.file = file;
    this.line = line;
  }
}
