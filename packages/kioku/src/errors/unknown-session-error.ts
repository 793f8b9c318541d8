import { ConfigurationError } from './configuration-error.js';

/** No session has this id in the store. */
export class UnknownSessionError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('kioku.error.unknown-session');
  readonly sessionId: string;

  constructor({ sessionId, location }: { sessionId: string; location?: string }) {
    const where = location === undefined ? '' : ` in store ${location}`;
    super({
      name: 'UnknownSessionError',
      message: `unknown session id '${sessionId}'${where}`,
    });
    this.sessionId = sessionId;
  }
}
