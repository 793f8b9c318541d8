import { KiokuError } from './kioku-error.js';

const symbol = Symbol.for('kioku.error.unknown-memory');

/** No memory has this id (in this namespace) in the store: it never existed, or was pruned or deleted. */
export class UnknownMemoryError extends KiokuError {
  readonly [symbol] = true;
  readonly memoryId: number;

  constructor({ memoryId, namespace, location }: { memoryId: number; namespace: string; location: string }) {
    super({
      name: 'UnknownMemoryError',
      message:
        `no memory ${memoryId} in namespace '${namespace}' of store ${location}; ` +
        '`kioku memory list` shows the memories there are',
    });
    this.memoryId = memoryId;
  }

  static override isInstance(error: unknown): error is UnknownMemoryError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
