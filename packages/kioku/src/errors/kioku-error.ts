const marker = 'kioku.error';
const symbol = Symbol.for(marker);

/**
 * Base class of every error kioku throws on purpose. `KiokuError.isInstance` works across two copies
 * of the package, where `instanceof` does not.
 */
export class KiokuError extends Error {
  readonly [symbol] = true;

  constructor({ name, message, cause }: { name: string; message: string; cause?: unknown }) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = name;
  }

  /** True when `error` is any kioku error. */
  static isInstance(error: unknown): error is KiokuError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
