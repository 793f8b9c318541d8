import { KiokuError } from './kioku-error.js';
import { StorageError } from './storage-error.js';

/** The shape of Drizzle's `DrizzleQueryError`: the SQL, its parameters and the driver's error. */
interface QueryFailure {
  query: string;
  params: unknown[];
  cause?: unknown;
}

function isQueryFailure(error: unknown): error is QueryFailure {
  return (
    error instanceof Error &&
    typeof (error as Partial<QueryFailure>).query === 'string' &&
    Array.isArray((error as Partial<QueryFailure>).params)
  );
}

/**
 * Wraps a failed query of the SQL layer (Drizzle's `DrizzleQueryError`, whose message holds the whole
 * statement and its parameters: claim text, request text) in a `StorageError` that names only the kind of
 * statement and the driver's reason, e.g. `the store failed: INSERT statement: could not extend file: No
 * space left on device`. The parameters are dropped, not kept in `cause`. A query that failed because the
 * store itself stopped (its cause is already a `StorageError`) gives that error. Returns undefined for
 * anything else.
 */
export function storageErrorFromDriver(error: unknown): StorageError | undefined {
  if (!isQueryFailure(error) || KiokuError.isInstance(error)) return undefined;
  if (StorageError.isInstance(error.cause)) return error.cause;
  const statement = /^\s*(\w+)/.exec(error.query)?.[1]?.toUpperCase() ?? 'SQL';
  const driver = error.cause;
  const reason = (driver instanceof Error ? driver.message : String(driver ?? 'unknown error')).split(
    '\n',
  )[0];
  const code = (driver as { code?: unknown } | undefined)?.code;
  return new StorageError({
    message: `the store failed: ${statement} statement: ${reason}${typeof code === 'string' && !reason?.includes(code) ? ` (${code})` : ''}`,
    statement,
    cause: driver,
  });
}
