import { ModelBehaviorError } from './model-behavior-error.js';

/**
 * Why an introspection learned nothing. `introspect` returns it (it never throws it: a failed
 * introspection must not fail the run it looks back on):
 *
 * - `model-error`: the model call failed (network, provider, rate limit); `cause` is the AI SDK error;
 * - `malformed-output`: the model's answer did not match the schema, or marked a memory both helpful
 *   and harmful;
 * - `unknown-memory-ids`: the model scored memories that were not recalled for this run (`memoryIds`);
 * - `learn-error`: storing what was learned failed (the embedder or the store); `cause` says why.
 *
 * When it is returned, nothing was written: no claim stored, no score changed.
 */
export class IntrospectionError extends ModelBehaviorError {
  static override readonly marker: symbol = Symbol.for('kioku.error.introspection');
  readonly kind: 'model-error' | 'malformed-output' | 'unknown-memory-ids' | 'learn-error';
  /** For `unknown-memory-ids`: the ids the model named that were not recalled. */
  readonly memoryIds: readonly number[];

  constructor({
    kind,
    message,
    memoryIds = [],
    cause,
  }: {
    kind: IntrospectionError['kind'];
    message: string;
    memoryIds?: readonly number[];
    cause?: unknown;
  }) {
    super({ name: 'IntrospectionError', message: `introspection failed (${kind}): ${message}`, cause });
    this.kind = kind;
    this.memoryIds = memoryIds;
  }
}
