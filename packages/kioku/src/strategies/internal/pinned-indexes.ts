import type { ModelMessage } from 'ai';

/**
 * Indexes of the messages that must survive every strategy: the first user message (the task) and any
 * message marked `providerOptions: { kioku: { pinned: true } }` (user instructions, IOCs). Providers
 * ignore the `kioku` options key.
 */
export function pinnedIndexes(messages: readonly ModelMessage[]): Set<number> {
  const pinned = new Set<number>();
  const task = messages.findIndex((message) => message.role === 'user');
  if (task !== -1) pinned.add(task);
  messages.forEach((message, index) => {
    if (message.providerOptions?.kioku?.pinned === true) pinned.add(index);
  });
  return pinned;
}
