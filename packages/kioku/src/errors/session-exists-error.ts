import { KiokuError } from './kioku-error.js';

const symbol = Symbol.for('kioku.error.session-exists');

/** `create` was given the id of a session the store already holds. */
export class SessionExistsError extends KiokuError {
  readonly [symbol] = true;
  readonly sessionId: string;

  constructor({ sessionId, cause }: { sessionId: string; cause?: unknown }) {
    super({
      name: 'SessionExistsError',
      message: `a session with id '${sessionId}' already exists; append to it, or create one with another id`,
      cause,
    });
    this.sessionId = sessionId;
  }

  static override isInstance(error: unknown): error is SessionExistsError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
