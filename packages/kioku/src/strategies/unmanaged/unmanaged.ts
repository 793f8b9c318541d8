import type { Strategy } from '../strategy.js';

/**
 * The baseline: sends the history as it is (a new array of the same message objects), edits nothing and
 * loses nothing. Every measurement compares against it.
 *
 * @example
 * const baseline = unmanaged();
 * const { messages } = await baseline.apply({ messages: history, counter, budget, state: null });
 */
export function unmanaged(): Strategy<null> {
  return {
    name: 'unmanaged',
    lossy: false,
    needsModel: false,
    initialState: () => null,
    apply: async ({ messages, state }) => ({ messages: messages.slice(), edits: [], state }),
  };
}
