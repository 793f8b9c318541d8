import { KiokuError } from './kioku-error.js';

/**
 * Cause: kioku was misused or misconfigured — an option it cannot work with, an unknown model, provider,
 * session or memory, a value that breaks an invariant. Fixed by changing the call or the configuration;
 * retrying the same call fails the same way.
 */
export class ConfigurationError extends KiokuError {
  static override readonly marker: symbol = Symbol.for('kioku.error.configuration');
}
