import { ConfigurationError } from './configuration-error.js';

/**
 * A replay was asked for something it cannot do: two strategies under one name, a transcript without a
 * model to count and price it as. Says which and what to pass instead.
 */
export class ReplayConfigurationError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('kioku.error.replay-configuration');

  constructor({ message, cause }: { message: string; cause?: unknown }) {
    super({ name: 'ReplayConfigurationError', message, cause });
  }
}
