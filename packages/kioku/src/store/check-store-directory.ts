import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { StoreError } from '../errors/store-error.js';

// What kioku itself keeps in a store directory: the data directory, the one being made, and locks.
const kiokuEntry = /^(pglite|pglite\.init|lock|lock-\d+|lock-tmp-.*|lock\.\d+)$/;

/**
 * Makes sure `directory` can hold a store before anything is written there: creates it when missing
 * (with `create`), and refuses a path that is not a directory, or a directory that holds other files but
 * no kioku store (a store is only ever made in an empty directory, never among someone's files).
 */
export function prepareStoreDirectory({
  directory,
  location,
  create,
}: {
  directory: string;
  location: string;
  create: boolean;
}): void {
  if (!existsSync(directory)) {
    if (!create) throw new StoreError({ location, message: 'no store here (the directory does not exist)' });
    mkdirSync(directory, { recursive: true });
    return;
  }
  if (!statSync(directory).isDirectory()) {
    throw new StoreError({
      location,
      message: 'not a directory; give a directory, memory:// or a postgres:// URL',
    });
  }
  const entries = readdirSync(directory);
  if (entries.includes('pglite')) return;
  if (!create) throw new StoreError({ location, message: 'no store here (no pglite data directory)' });
  const foreign = entries.filter((name) => !kiokuEntry.test(name));
  if (foreign.length > 0) {
    const shown =
      foreign.slice(0, 5).join(', ') + (foreign.length > 5 ? `, … (${foreign.length} in all)` : '');
    throw new StoreError({
      location,
      message:
        `holds other files (${shown}) and no kioku store; a new store is made only in an empty or new ` +
        'directory: choose one, or move those files away',
    });
  }
}

/**
 * Refuses a data directory PGlite would initialise over: PGlite runs initdb in any directory without a
 * `PG_VERSION` file, whatever else it holds, so a damaged or foreign one would be replaced by an empty
 * database. A Postgres data directory has `PG_VERSION` (the major version) and `global/pg_control`.
 */
export function checkDataDirectory({ dataDir, location }: { dataDir: string; location: string }): void {
  const refuse = (found: string): never => {
    throw new StoreError({
      location,
      message:
        `${dataDir} is not a complete PGlite data directory (${found}); kioku will not open it, because ` +
        'PGlite would initialise a new database over what is there. Restore it from a backup, or move it ' +
        'away to start a new store',
    });
  };
  if (!statSync(dataDir).isDirectory()) refuse('it is not a directory');
  let version = '';
  try {
    version = readFileSync(join(dataDir, 'PG_VERSION'), 'utf8');
  } catch {
    refuse('no PG_VERSION file');
  }
  if (!/^\d+(\.\d+)?\s*$/.test(version)) refuse(`PG_VERSION holds ${JSON.stringify(version.slice(0, 20))}`);
  if (!existsSync(join(dataDir, 'global', 'pg_control'))) refuse('no global/pg_control file');
}
