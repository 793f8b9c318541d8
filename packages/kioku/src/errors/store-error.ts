import { StorageError } from './storage-error.js';

/**
 * The store could not be opened, migrated or used: says which store (a directory, `memory://`, or a
 * `postgres://` URL without its password) and what to do. The driver's error is the `cause`.
 */
export class StoreError extends StorageError {
  static override readonly marker: symbol = Symbol.for('kioku.error.store');
  /** The store's location, with any password removed. */
  readonly location: string;

  constructor({ location, message, cause }: { location: string; message: string; cause?: unknown }) {
    super({ name: 'StoreError', message: `store ${location}: ${message}`, cause });
    this.location = location;
  }
}
