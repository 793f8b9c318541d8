import type { Strategy } from '../strategy.js';

/** The same strategy under another name, so several configurations of one strategy can be compared. */
export function renamed<State>(strategy: Strategy<State>, name: string): Strategy<State> {
  return { ...strategy, name };
}
