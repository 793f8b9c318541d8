import type { HistoryViolation } from '../messages/history-violation.js';
import { KiokuError } from './kioku-error.js';

const symbol = Symbol.for('kioku.error.invalid-history');

/** A history a provider would reject; `violations` lists every reason, in message order. */
export class InvalidHistoryError extends KiokuError {
  readonly [symbol] = true;
  readonly violations: HistoryViolation[];

  constructor({ violations, context }: { violations: HistoryViolation[]; context?: string }) {
    const prefix = context === undefined ? 'invalid history' : `${context}: invalid history`;
    super({
      name: 'InvalidHistoryError',
      message: `${prefix}: ${violations.map((violation) => violation.message).join('; ')}`,
    });
    this.violations = violations;
  }

  static override isInstance(error: unknown): error is InvalidHistoryError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
