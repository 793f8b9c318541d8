import { InputFormatError } from './input-format-error.js';

/**
 * A file given as input cannot be read as one: not a regular file (a FIFO, a device, a socket), larger
 * than the size limit, or a directory link that loops. Says which file and why; nothing was read from it.
 */
export class InputFileError extends InputFormatError {
  static override readonly marker: symbol = Symbol.for('kioku.error.input-file');
  readonly file: string;
  readonly reason: string;
  /** The size limit the file went over, when that was the reason. */
  readonly maxBytes: number | undefined;

  constructor({
    file,
    reason,
    maxBytes,
    cause,
  }: { file: string; reason: string; maxBytes?: number; cause?: unknown }) {
    super({ name: 'InputFileError', message: `${file}: ${reason}`, cause });
    this.file = file;
    this.reason = reason;
    this.maxBytes = maxBytes;
  }
}
