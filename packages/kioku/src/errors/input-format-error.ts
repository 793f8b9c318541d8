import { KiokuError } from './kioku-error.js';

/**
 * Cause: a file or value kioku reads does not parse as what it should be (a broken transcript, a memory
 * import line, a model override file). Says where in the input and what was expected there.
 */
export class InputFormatError extends KiokuError {
  static override readonly marker: symbol = Symbol.for('kioku.error.input-format');
}
