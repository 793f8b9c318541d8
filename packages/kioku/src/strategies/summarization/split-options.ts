import type { ModelMessage } from 'ai';
import type { TokenCounter } from '../../tokens/token-counter.js';
import { turnsTrigger } from '../../triggers/turns-trigger.js';
import { checkCount, checkFraction } from '../internal/check-option.js';
import { type SizeTriggerOption, sizeTrigger } from '../internal/size-trigger.js';
import { splitByFraction } from '../split-points/split-by-fraction.js';
import { splitEveryNTurns } from '../split-points/split-every-n-turns.js';
import type { StrategyBudget } from '../strategy.js';

/**
 * Where a summary cuts the history: `'fraction'` (the oldest 70% by size, on a step boundary), another
 * fraction, all but the last `keep` turns (`{ keep: 10 }`), or periodically (`{ every: 21, keep: 10 }`:
 * once there are 21 turns, all but the last 10; shorthand for `{ keep: 10 }` with `trigger:
 * turnsTrigger({ turns: 21 })`, and with another trigger a summary waits for both).
 */
export type SummarizationSplit =
  | 'fraction'
  | { fraction: number; unit?: 'steps' | 'turns' }
  | { keep: number; unit?: 'turns' | 'steps' }
  | { every: number; keep: number; unit?: 'turns' | 'steps' };

/**
 * When a summary is made: a trigger object (`thresholdTrigger()`, `tokenTrigger()`, `turnsTrigger()`, any
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
  const kept =
    typeof split === 'object' && 'keep' in split
      ? {
          // `{ keep }` cuts before the last `keep` turns once there are more.
          every: periodic ? split.every : split.keep + 1,
          keep: split.keep,
          unit: split.unit ?? 'turns',
        }
      : undefined;
  if (kept !== undefined) {
    checkCount({ strategy, option: 'split.keep', value: kept.keep });
    splitEveryNTurns([], kept); // checks the options now rather than at the first call
  }
  // `{ every, keep }` is `{ keep }` with a turn-count trigger (given another trigger, the split still waits for `every`).
  const when =
    kept !== undefined && periodic && trigger === undefined
      ? turnsTrigger({ turns: kept.every, unit: kept.unit })
      : sizeTrigger(strategy, trigger ?? { fraction: 0.8 });
  const triggered = (tokens: number, messages: readonly ModelMessage[], budget: StrategyBudget) =>
    when.shouldCompact({ promptTokens: tokens, messages, budget });
  if (kept !== undefined) return { at: (messages) => splitEveryNTurns(messages, kept), triggered };
  const { fraction = 0.7, unit = 'steps' } = typeof split === 'object' && 'fraction' in split ? split : {};
  checkFraction({ strategy, option: 'split.fraction', value: fraction });
  return { at: (messages, counter) => splitByFraction(messages, { fraction, counter, unit }), triggered };
}
