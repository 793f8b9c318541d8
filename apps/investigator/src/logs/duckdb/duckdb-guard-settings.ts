/** Options of {@link duckDbGuardSettings}. */
export interface DuckDbGuardSettingsOptions {
  /** Worker threads (default 2). */
  threads?: number;
  /** DuckDB's memory limit (default `'512MB'`); with no temporary directory a query past it fails. */
  memoryLimit?: string;
}

/**
 * The DuckDB configuration the log engine opens its database with, in the order DuckDB needs (the
 * temporary directory cannot be changed once external access is off; the lock comes last): read-only,
 * no temporary directory (nothing spills to disk), bounded threads and memory, no extension installed or
 * loaded on demand, no community extensions, no file or network access outside the database file, and
 * the configuration locked so no statement can change any of it.
 */
export function duckDbGuardSettings({
  threads = 2,
  memoryLimit = '512MB',
}: DuckDbGuardSettingsOptions = {}): Record<string, string> {
  if (!Number.isInteger(threads) || threads < 1) {
    throw new RangeError(`threads must be a whole number of at least 1, got ${threads}`);
  }
  return {
    access_mode: 'READ_ONLY',
    temp_directory: '',
    threads: String(threads),
    memory_limit: memoryLimit,
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    allow_community_extensions: 'false',
    allow_unsigned_extensions: 'false',
    enable_external_access: 'false',
    lock_configuration: 'true',
  };
}
