import { KiokuError } from './kioku-error.js';

/**
 * Cause: a model returned something kioku cannot use, or failed — an empty or degenerate summary, output
 * that does not match a schema, vectors of the wrong length, a prompt still too long after compaction.
 * `cause` is the AI SDK's error when there was one; the input was left unchanged.
 */
export class ModelBehaviorError extends KiokuError {
  static override readonly marker: symbol = Symbol.for('kioku.error.model-behavior');
}
