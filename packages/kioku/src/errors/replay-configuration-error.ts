import { KiokuError } from './kioku-error.js';

const symbol = Symbol.for('kioku.error.replay-configuration');

/**
 * A replay was asked for something it cannot do: two strategies under one name, a transcript without a
 * model to count and price it as. Says which and what to pass instead.
 */
export class ReplayConfigurationError extends KiokuError {
  readonly [symbol] = true;

  constructor({ message, cause }: { message: string; cause?: unknown }) {
    super({ name: 'ReplayConfigurationError', message, cause });
  }

  static override isInstance(error: unknown): error is ReplayConfigurationError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
