import { ConfigurationError } from './configuration-error.js';

/**
 * Memory was given an option or input it cannot use (an empty claim, a threshold outside [-1, 1], a
 * dimension that is not a positive integer): says which one, what was expected and what was found.
 * When a write throws it, nothing was written.
 */
export class InvalidMemoryInputError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('kioku.error.invalid-memory-input');
  /** The option or input field, e.g. `threshold` or `claims[2]`. */
  readonly field: string;
  readonly expected: string;

  constructor({
    field,
    expected,
    found,
    cause,
  }: { field: string; expected: string; found?: string; cause?: unknown }) {
    const foundText = found === undefined ? '' : `, found ${found}`;
    super({ name: 'InvalidMemoryInputError', message: `${field}: expected ${expected}${foundText}`, cause });
    this.field = field;
    this.expected = expected;
  }
}
