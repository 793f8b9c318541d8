import { StoreError } from './store-error.js';

/**
 * An embedded (PGlite) store directory is open in another process, or already open in this one. PGlite
 * is a single-process database: two processes writing one directory lose data, so the second is refused.
 */
export class StoreLockedError extends StoreError {
  static override readonly marker: symbol = Symbol.for('kioku.error.store-locked');
  /** The lock file naming the owner. */
  readonly lockFile: string;
  /** The process holding the store. */
  readonly pid: number;

  constructor({
    location,
    lockFile,
    pid,
    host,
  }: { location: string; lockFile: string; pid: number; host: string }) {
    const owner = pid === process.pid ? `this process (pid ${pid})` : `process ${pid} on ${host}`;
    super({
      location,
      message:
        `in use by ${owner}. An embedded store serves one process at a time: close the other user first, ` +
        `or share a PostgreSQL store (a postgres:// location). If that process is gone, delete ${lockFile}.`,
    });
    this.name = 'StoreLockedError';
    this.lockFile = lockFile;
    this.pid = pid;
  }
}
