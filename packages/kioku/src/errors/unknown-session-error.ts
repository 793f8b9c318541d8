import { KiokuError } from './kioku-error.js';

const symbol = Symbol.for('kioku.error.unknown-session');

/** No session has this id in the store. */
export class UnknownSessionError extends KiokuError {
  readonly [symbol] = true;
  readonly sessionId: string;

  constructor({ sessionId, location }: { sessionId: string; location?: string }) {
    const where = location === undefined ? '' : ` in store ${location}`;
    super({
      name: 'UnknownSessionError',
      message: `unknown session id '${sessionId}'${where}; \`kioku sessions list\` shows the sessions there are`,
    });
    this.sessionId = sessionId;
  }

  static override isInstance(error: unknown): error is UnknownSessionError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
