import { ConfigurationError } from './configuration-error.js';

/** No memory has this id (in this namespace) in the store: it never existed, or was pruned or deleted. */
export class UnknownMemoryError extends ConfigurationError {
  static override readonly marker: symbol = Symbol.for('kioku.error.unknown-memory');
  readonly memoryId: number;

  constructor({ memoryId, namespace, location }: { memoryId: number; namespace: string; location: string }) {
    super({
      name: 'UnknownMemoryError',
      message: `no memory ${memoryId} in namespace '${namespace}' of store ${location}`,
    });
    this.memoryId = memoryId;
  }
}
