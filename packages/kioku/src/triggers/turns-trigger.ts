import { StrategyOptionsError } from '../errors/strategy-options-error.js';
import { agentTurns } from '../strategies/internal/agent-turns.js';
import { checkCount } from '../strategies/internal/check-option.js';
import { usableTokens } from '../strategies/internal/usable-tokens.js';
import type { ProactiveTrigger } from './proactive-trigger.js';

/** Options of {@link turnsTrigger}. */
export interface TurnsTriggerOptions {
  /** Turns (or steps) the prompt holds when it fires (0: at every call). */
  turns: number;
  /**
   * Count turns (a user message and the agent's work on it; default) or steps (an assistant message and
   * its tool results), for agents that get one user message and take hundreds of steps.
   */
  unit?: 'turns' | 'steps';
}

/** A trigger by turn count; `turns` is the count it fires at, `unit` what it counts. */
export interface TurnsTrigger extends ProactiveTrigger {
  readonly turns: number;
  readonly unit: 'turns' | 'steps';
}

/**
 * Compacts once the prompt holds `turns` turns (or steps), whatever its size: the "when" of periodic
 * summarization (`split: { every, keep }` is `split: { keep }` with `trigger: turnsTrigger({ turns:
 * every })`). A leading run of system messages is not a turn; an earlier summary (a user message) is one.
 * A count asks for no size, so the compaction it fires need only fit the usable window (`target`).
 *
 * @example
 * const trigger = turnsTrigger({ turns: 21 });
 * const strategy = summarization({ model, split: { keep: 10 }, trigger });
 */
export function turnsTrigger({ turns, unit = 'turns' }: TurnsTriggerOptions): TurnsTrigger {
  checkCount({ strategy: 'turnsTrigger', option: 'turns', value: turns });
  if (unit !== 'turns' && unit !== 'steps') {
    throw new StrategyOptionsError({
      strategy: 'turnsTrigger',
      option: 'unit',
      value: unit,
      expected: "'turns' or 'steps'",
    });
  }
  return {
    name: `${unit}(${turns})`,
    turns,
    unit,
    shouldCompact: ({ messages }) => agentTurns(messages, unit).length >= turns,
    target: (budget) => usableTokens(budget),
  };
}
