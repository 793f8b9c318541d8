import { KiokuError } from 'kioku';

/** The security logs could not be loaded: a source file is missing or unreadable, or the database exists. */
export class LogLoadError extends KiokuError {
  static override readonly marker: symbol = Symbol.for('investigator.error.log-load');
  /** The file or folder the problem is about. */
  readonly path: string;

  constructor({ path, message, cause }: { path: string; message: string; cause?: unknown }) {
    super({ name: 'LogLoadError', message, cause });
    this.path = path;
  }
}
