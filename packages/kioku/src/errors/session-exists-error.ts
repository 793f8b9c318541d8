import { ConfigurationError } from './configuration-error.js';

/** `create` was given the id of a session the store already holds. */
export class SessionExistsError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('kioku.error.session-exists');
  readonly sessionId: string;

  constructor({ sessionId, cause }: { sessionId: string; cause?: unknown }) {
    super({
      name: 'SessionExistsError',
      message: `a session with id '${sessionId}' already exists; append to it, or create one with another id`,
      cause,
    });
    this.sessionId = sessionId;
  }
}
