import { KiokuError } from './kioku-error.js';

/**
 * Cause: the store could not be opened, migrated, written or read (a lock, a full or read-only disk, a
 * server that refused). `cause` is the driver's error; the message never holds query parameters.
 */
export class StorageError extends KiokuError {
  static override readonly marker: symbol = Symbol.for('kioku.error.storage');
  /** The kind of SQL statement that failed (`INSERT`, `SELECT`, …), when a driver error was wrapped. */
  readonly statement: string | undefined;

  constructor({
    name = 'StorageError',
    message,
    statement,
    cause,
  }: { name?: string; message: string; statement?: string; cause?: unknown }) {
    super({ name, message, cause });
    this.statement = statement;
  }
}
