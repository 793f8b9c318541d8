import { ConfigurationError } from './configuration-error.js';

/**
 * An optional package kioku needs for what was asked is not installed: says which packages, what needed
 * them (a store location, say) and the command that installs them.
 */
export class MissingPackageError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('kioku.error.missing-package');
  /** The packages to install (all that `neededFor` needs, the missing ones among them). */
  readonly packages: readonly string[];
  /** The packages of `packages` that are not installed. */
  readonly missing: readonly string[];
  /** What needed them, e.g. `store memory://`. */
  readonly neededFor: string;

  constructor({
    packages,
    missing,
    neededFor,
    cause,
  }: {
    packages: readonly string[];
    missing: readonly string[];
    neededFor: string;
    cause?: unknown;
  }) {
    super({
      name: 'MissingPackageError',
      message: `${neededFor} needs the optional package${packages.length === 1 ? '' : 's'} ${packages.join(', ')} (${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not installed): npm install ${packages.join(' ')}`,
      cause,
    });
    this.packages = packages;
    this.missing = missing;
    this.neededFor = neededFor;
  }

  /**
   * The error to throw when importing something that imports the optional `packages` failed with `error`:
   * a `MissingPackageError` when Node could not find some of them (naming all of `packages`, the missing
   * ones and `neededFor`), otherwise `error` itself.
   *
   * @example
   * try { return await import('./open-postgres-store.js'); }
   * catch (error) { throw MissingPackageError.fromImportFailure(error, { packages: ['pg'], neededFor: 'store postgres://db' }); }
   */
  static fromImportFailure(
    error: unknown,
    { packages, neededFor }: { packages: readonly string[]; neededFor: string },
  ): unknown {
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    // Node: "Cannot find package 'pg' imported from …" (the package name, quoted, without its subpath).
    const missing =
      code === 'ERR_MODULE_NOT_FOUND' ? packages.filter((name) => String(message).includes(`'${name}'`)) : [];
    return missing.length === 0
      ? error
      : new MissingPackageError({ packages, missing, neededFor, cause: error });
  }
}
