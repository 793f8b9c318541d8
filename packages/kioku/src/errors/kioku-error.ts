/** The constructor of a kioku error class, as `isInstance` sees it. */
type KiokuErrorClass<T extends KiokuError> = (abstract new (
  ...args: never[]
) => T) & { readonly marker: symbol };

/**
 * Base class of every error kioku throws on purpose. Every class below it declares its own `marker`
 * (a `Symbol.for` symbol); an instance carries the markers of its class and of every class above it, so
 * `SomeError.isInstance(error)` works across two copies of the package, where `instanceof` does not.
 * Errors are grouped by cause: `ConfigurationError`, `InputFormatError`, `ModelBehaviorError`,
 * `StorageError`.
 */
export class KiokuError extends Error {
  /** The symbol that marks instances of this class (each subclass declares its own). */
  static readonly marker: symbol = Symbol.for('kioku.error');

  constructor({ name, message, cause }: { name: string; message: string; cause?: unknown }) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = name;
    for (let type: unknown = new.target; type !== Error; type = Object.getPrototypeOf(type)) {
      const { marker } = type as { marker: symbol };
      if (Object.hasOwn(type as object, 'marker')) {
        Object.defineProperty(this, marker, { value: true, enumerable: false });
      }
    }
  }

  /**
   * True when `error` is an instance of this class (or of a class below it), by its marker:
   * `KiokuError.isInstance(error)` for any kioku error, `StorageError.isInstance(error)` for a storage one.
   */
  static isInstance<T extends KiokuError>(this: KiokuErrorClass<T>, error: unknown): error is T {
    if (typeof error !== 'object' || error === null) return false;
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class asked about, each with its own marker
    return (error as Record<symbol, unknown>)[this.marker] === true;
  }
}
