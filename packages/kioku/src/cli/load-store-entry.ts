import { MissingPackageError } from '../index.js';

/**
 * Imports `kioku/store` for a command that keeps its data in the store (only then: it loads Drizzle; the
 * store's driver, PGlite or `pg`, loads when the store opens). When `drizzle-orm`, an optional peer of
 * kioku, is not installed, throws a `MissingPackageError` naming the command to install it. `load` is
 * the import (replaced in tests).
 */
export async function loadStoreEntry(
  load: () => Promise<typeof import('../entry/store.js')> = () => import('../entry/store.js'),
): Promise<typeof import('../entry/store.js')> {
  try {
    return await load();
  } catch (error) {
    throw MissingPackageError.fromImportFailure(error, {
      packages: ['drizzle-orm'],
      neededFor: "this command (it keeps its data in kioku's store)",
    });
  }
}
