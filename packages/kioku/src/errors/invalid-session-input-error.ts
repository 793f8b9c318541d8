import { ConfigurationError } from './configuration-error.js';

/**
 * A session write was given something it cannot store: says which field (e.g. `messages[3].content`),
 * what was expected and what was found. When a write throws it, nothing was written.
 */
export class InvalidSessionInputError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('kioku.error.invalid-session-input');
  readonly sessionId: string | undefined;
  /** Where in the input, e.g. `messages[3].content` or `summary[0].role`. */
  readonly field: string;
  readonly expected: string;

  constructor({
    sessionId,
    field,
    expected,
    found,
    cause,
  }: { sessionId?: string; field: string; expected: string; found?: string; cause?: unknown }) {
    const session = sessionId === undefined ? '' : `session '${sessionId}': `;
    const foundText = found === undefined ? '' : `, found ${found}`;
    super({
      name: 'InvalidSessionInputError',
      message: `${session}${field}: expected ${expected}${foundText}`,
      cause,
    });
    this.sessionId = sessionId;
    this.field = field;
    this.expected = expected;
  }
}
