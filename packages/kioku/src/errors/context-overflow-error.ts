import { ModelBehaviorError } from './model-behavior-error.js';

/**
 * The provider still rejected the prompt as too long after kioku compacted it and retried (`attempts`
 * retries), or compacting cannot help (the completion reserved alone fills the window). `cause` is the
 * provider's last error.
 */
export class ContextOverflowError extends ModelBehaviorError {
  static override readonly marker: symbol = Symbol.for('kioku.error.context-overflow');
  /** The provider whose detector recognised the overflow, e.g. `anthropic`. */
  readonly provider: string;
  /** Tokens the last rejected request came to, by the provider's count, when it said. */
  readonly tokensSent: number | undefined;
  /** The provider's limit, when it said. */
  readonly tokenLimit: number | undefined;
  /** Compactions and retries made before giving up. */
  readonly attempts: number;

  constructor({
    provider,
    tokensSent,
    tokenLimit,
    attempts,
    reason,
    cause,
  }: {
    provider: string;
    tokensSent?: number | undefined;
    tokenLimit?: number | undefined;
    attempts: number;
    reason: string;
    cause: unknown;
  }) {
    const figures =
      tokensSent !== undefined && tokenLimit !== undefined ? ` (${tokensSent} tokens > ${tokenLimit})` : '';
    super({
      name: 'ContextOverflowError',
      message: `${provider}: the prompt is too long for the model${figures}; ${reason}`,
      cause,
    });
    this.provider = provider;
    this.tokensSent = tokensSent;
    this.tokenLimit = tokenLimit;
    this.attempts = attempts;
  }
}
