import type { ModelMessage } from 'ai';

/**
 * What a strategy keeps for each conversation it serves, found by the history's first message (the same
 * object at every call of one conversation: the compactor hands strategies the objects it first saw), so
 * one strategy serving several conversations keeps each one's incremental state apart. What is kept
 * must still check that the history is the one it read (a conversation whose first message is shared
 * with another is read anew, never mixed up).
 */
export function perHistory<Kept extends object>(
  make: () => Kept,
): (messages: readonly ModelMessage[]) => Kept {
  const kept = new WeakMap<ModelMessage, Kept>();
  const empty = make();
  return (messages) => {
    const first = messages[0];
    if (first === undefined) return empty;
    let found = kept.get(first);
    if (found === undefined) {
      found = make();
      kept.set(first, found);
    }
    return found;
  };
}
