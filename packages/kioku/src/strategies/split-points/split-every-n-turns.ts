import type { ModelMessage } from 'ai';
import { StrategyOptionsError } from '../../errors/strategy-options-error.js';
import { agentTurns } from '../internal/agent-turns.js';
import { checkCount } from '../internal/check-option.js';

/** Options of {@link splitEveryNTurns}. */
export interface SplitEveryNTurnsOptions {
  /** Split once the history holds this many turns; default 21. */
  every?: number;
  /** Turns left after the split; default 10. */
  keep?: number;
  /** Count turns (default) or steps, for agents that get one user message and take hundreds of steps. */
  unit?: 'turns' | 'steps';
}

/**
 * Where to split a history for periodic summarization: once it holds `every` turns (a leading run of
 * system messages is not a turn), the start of its last `keep` turns; before that, `undefined`. After the
 * oldest turns are summarized into one, the next split comes `every - keep - 1` turns later.
 *
 * @example
 * const index = splitEveryNTurns(messages, { every: 21, keep: 10 });
 * if (index !== undefined) await summarize(messages.slice(0, index));
 */
export function splitEveryNTurns(
  messages: readonly ModelMessage[],
  { every = 21, keep = 10, unit = 'turns' }: SplitEveryNTurnsOptions = {},
): number | undefined {
  checkCount({ strategy: 'splitEveryNTurns', option: 'every', value: every, min: 1 });
  checkCount({ strategy: 'splitEveryNTurns', option: 'keep', value: keep });
  if (keep >= every) {
    throw new StrategyOptionsError({
      strategy: 'splitEveryNTurns',
      option: 'keep',
      value: keep,
      expected: `fewer turns than \`every\` (${every})`,
    });
  }
  const turns = agentTurns(messages, unit);
  if (turns.length < every) return undefined;
  return turns[turns.length - keep]?.start ?? messages.length;
}
