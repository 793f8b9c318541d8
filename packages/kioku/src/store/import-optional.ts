import { MissingPackageError } from '../errors/missing-package-error.js';

/**
 * Runs `load`, an import of a kioku module that imports the optional `packages`. When it fails because
 * some of them are not installed, throws a `MissingPackageError` naming all of `packages`, the missing
 * ones, and `neededFor` (what needed them); any other failure is rethrown as it is.
 *
 * @example
 * const { openPostgresStore } = await importOptional({
 *   load: () => import('./open-postgres-store.js'),
 *   packages: ['pg'],
 *   neededFor: 'store postgres://db/kioku',
 * });
 */
export async function importOptional<T>({
  load,
  packages,
  neededFor,
}: {
  load: () => Promise<T>;
  packages: readonly string[];
  neededFor: string;
}): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw MissingPackageError.fromImportFailure(error, { packages, neededFor });
  }
}
