import type { HistoryViolation } from '../messages/history-violation.js';
import { ConfigurationError } from './configuration-error.js';

/** A history a provider would reject; `violations` lists every reason, in message order. */
export class InvalidHistoryError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('kioku.error.invalid-history');
  readonly violations: HistoryViolation[];

  constructor({ violations, context }: { violations: HistoryViolation[]; context?: string }) {
    const prefix = context === undefined ? 'invalid history' : `${context}: invalid history`;
    super({
      name: 'InvalidHistoryError',
      message: `${prefix}: ${violations.map((violation) => violation.message).join('; ')}`,
    });
    this.violations = violations;
  }
}
