import type { ModelMessage } from 'ai';
import type { TokenCounter } from '../../tokens/token-counter.js';
import { checkFraction } from '../internal/check-option.js';
import { type SizeTriggerOption, sizeTrigger } from '../internal/size-trigger.js';
import { splitByFraction } from '../split-points/split-by-fraction.js';
import { splitEveryNTurns } from '../split-points/split-every-n-turns.js';
import type { StrategyBudget } from '../strategy.js';

/**
 * Where a summary cuts the history: `'fraction'` (the oldest 70% by size, on a step boundary), another
 * fraction, or periodically (`{ every: 21, keep: 10 }`: once there are 21 turns, all but the last 10).
 */
export type SummarizationSplit =
  | 'fraction'
  | { fraction: number; unit?: 'steps' | 'turns' }
  | { every: number; keep: number; unit?: 'turns' | 'steps' };

/**
 * When a summary is made: a trigger object (`thresholdTrigger()`, `tokenTrigger()`, any
 * `ProactiveTrigger`), or its literal forms: once the prompt (as the strategy would send it) holds
 * `inputTokens` tokens (`tokenTrigger`), or a `fraction` of the usable window (`contextWindow -
 * reservedOutputTokens`; `thresholdTrigger`).
 */
export type SummarizationTrigger = SizeTriggerOption;

/** The split and trigger of a strategy, checked, as functions. */
export interface ResolvedSplit {
  /** Index before which `messages` may be summarized, or undefined when the split says not yet. */
  at(messages: readonly ModelMessage[], counter: TokenCounter): number | undefined;
  /** True when the prompt of `messages` (`tokens` tokens) calls for a summary. */
  triggered(tokens: number, messages: readonly ModelMessage[], budget: StrategyBudget): boolean;
}

/** Checks the options and turns them into functions (misconfiguration throws `StrategyOptionsError`). */
export function resolveSplit(
  strategy: string,
  split: SummarizationSplit,
  trigger: SummarizationTrigger | undefined,
): ResolvedSplit {
  const periodic = typeof split === 'object' && 'every' in split;
  const when = sizeTrigger(strategy, trigger ?? (periodic ? { inputTokens: 0 } : { fraction: 0.8 }));
  const triggered = (tokens: number, messages: readonly ModelMessage[], budget: StrategyBudget) =>
    when.shouldCompact({ promptTokens: tokens, messages, budget });
  if (periodic) {
    const options = { every: split.every, keep: split.keep, unit: split.unit ?? 'turns' };
    splitEveryNTurns([], options); // checks the options now rather than at the first call
    return { at: (messages) => splitEveryNTurns(messages, options), triggered };
  }
  const { fraction = 0.7, unit = 'steps' } = split === 'fraction' ? {} : split;
  checkFraction({ strategy, option: 'split.fraction', value: fraction });
  return { at: (messages, counter) => splitByFraction(messages, { fraction, counter, unit }), triggered };
}
