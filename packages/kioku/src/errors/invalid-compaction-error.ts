import { ConfigurationError } from './configuration-error.js';

/**
 * A compaction names a range of original messages that the session cannot replace: past its end, or
 * cutting through the range an earlier compaction summarised. Rejected before anything was written.
 */
export class InvalidCompactionError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('kioku.error.invalid-compaction');
  readonly sessionId: string;
  /** The original message positions the compaction claimed to replace, `to` exclusive. */
  readonly replaces: { from: number; to: number };

  constructor({
    sessionId,
    replaces,
    reason,
  }: { sessionId: string; replaces: { from: number; to: number }; reason: string }) {
    super({
      name: 'InvalidCompactionError',
      message:
        `session '${sessionId}': cannot record a compaction of messages [${replaces.from}, ${replaces.to}): ` +
        `${reason}; nothing was written`,
    });
    this.sessionId = sessionId;
    this.replaces = replaces;
  }
}
