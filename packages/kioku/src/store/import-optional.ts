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
    const { code, message } = error as { code?: unknown; message?: unknown };
    // Node: "Cannot find package 'pg' imported from …" (the package name, quoted, without its subpath).
    const missing =
      code === 'ERR_MODULE_NOT_FOUND' ? packages.filter((name) => String(message).includes(`'${name}'`)) : [];
    if (missing.length === 0) throw error;
    throw new MissingPackageError({ packages, missing, neededFor, cause: error });
  }
}
