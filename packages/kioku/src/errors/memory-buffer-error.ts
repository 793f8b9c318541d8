import { ModelBehaviorError } from './model-behavior-error.js';

/**
 * The memory buffer could not update its block: the extraction or consolidation call failed
 * (`model-error`; `cause` is the AI SDK error) or answered something that does not match the schema
 * (`malformed-output`). The history and the memory were left as they were.
 */
export class MemoryBufferError extends ModelBehaviorError {
  static override readonly marker: symbol = Symbol.for('kioku.error.memory-buffer');
  readonly reason: 'model-error' | 'malformed-output';
  /** Which call failed. */
  readonly call: 'extraction' | 'consolidation';

  constructor({
    reason,
    call,
    message,
    cause,
  }: {
    reason: MemoryBufferError['reason'];
    call: MemoryBufferError['call'];
    message: string;
    cause?: unknown;
  }) {
    super({
      name: 'MemoryBufferError',
      message: `memory buffer ${call} failed (${reason}): ${message}; the memory block was left as it was`,
      cause,
    });
    this.reason = reason;
    this.call = call;
  }
}
