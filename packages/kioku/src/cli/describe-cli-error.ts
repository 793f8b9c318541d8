import { ConfigurationError, KiokuError, StorageError } from '../index.js';
import { hintForError } from './hint-for-error.js';

/** What a system error code means, in the words a user would look for. */
const systemReasons: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'not a directory',
  EISDIR: 'is a directory',
  EEXIST: 'already exists',
  EMFILE: 'too many open files',
  EIO: 'input/output error',
};

/** Describes a system error (a failed read or write) in one line naming its path, or undefined. */
export function describeSystemError(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const { code, path, syscall } = error as NodeJS.ErrnoException;
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) return undefined;
  const reason = systemReasons[code] ?? code;
  const where = path ?? (syscall === undefined ? undefined : `${syscall}`);
  return where === undefined ? `${reason} (${code})` : `${where}: ${reason} (${code})`;
}

/**
 * The lines `kioku` prints on standard error for an error that ends a command, or undefined for an
 * error it does not expect (a bug: the caller rethrows it, stack trace and all). kioku errors print their
 * message and a CLI hint; a failed SQL statement prints its kind and the driver's reason, never its
 * parameters; a system error prints its path and reason. Loads the store's error hints only for an error
 * that may come from the store.
 */
export async function describeCliError(error: unknown): Promise<string | undefined> {
  // Without the store's optional packages no store error can occur: describe the error without them.
  const store = mayComeFromStore(error)
    ? await import('./store-error-hint.js').catch(() => undefined)
    : undefined;
  const wrapped = store?.storageErrorFromDriver(error) ?? error;
  if (KiokuError.isInstance(wrapped)) {
    const hint = store?.storeErrorHint(wrapped) ?? hintForError(wrapped);
    return [`kioku: ${wrapped.message}`, ...(hint === undefined ? [] : [`kioku: hint: ${hint}`])].join('\n');
  }
  const system = describeSystemError(error);
  if (system !== undefined) return `kioku: ${system}`;
  return undefined;
}

/** A storage or configuration error, or a failed SQL statement (Drizzle's shape: `query` and `params`). */
function mayComeFromStore(error: unknown): boolean {
  if (KiokuError.isInstance(error))
    return StorageError.isInstance(error) || ConfigurationError.isInstance(error);
  return error instanceof Error && 'query' in error && 'params' in error;
}
