import type { ModelMessage } from 'ai';

/** A copy of `message` marked pinned, so every strategy keeps it (see `pinnedIndexes`). */
export function pin<T extends ModelMessage>(message: T): T {
  const options = message.providerOptions;
  return { ...message, providerOptions: { ...options, kioku: { ...options?.kioku, pinned: true } } };
}
