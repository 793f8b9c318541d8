import { checkFraction } from '../strategies/internal/check-option.js';
import { usableTokens } from '../strategies/internal/usable-tokens.js';
import type { ProactiveTrigger } from './proactive-trigger.js';

/** Options of {@link thresholdTrigger}. */
export interface ThresholdTriggerOptions {
  /** Share of the usable window (`contextWindow - reservedOutputTokens`) at which to compact, in (0, 1]; default 0.8. */
  fraction?: number;
}

/** A trigger by share of the usable window; `fraction` is the share it fires at. */
export interface ThresholdTrigger extends ProactiveTrigger {
  readonly fraction: number;
}

/**
 * Compacts when the prompt reaches `fraction` of the usable context window, and asks the compaction to
 * bring it back under that fraction. The prompt's share (`promptTokens / usable window`, a window of 0
 * taken as 1) is compared with `fraction`, so a prompt at exactly that share fires whatever the rounding
 * of the product: 55 tokens of 100 at 0.55 (where `100 * 0.55` is 55.00000000000001).
 *
 * @example
 * const trigger = thresholdTrigger({ fraction: 0.75 });
 * trigger.shouldCompact({ promptTokens: 100_000, messages, budget: { contextWindow: 128_000 } }); // true
 */
export function thresholdTrigger({ fraction = 0.8 }: ThresholdTriggerOptions = {}): ThresholdTrigger {
  checkFraction({ strategy: 'thresholdTrigger', option: 'fraction', value: fraction, min: Number.MIN_VALUE });
  return {
    name: `threshold(${fraction})`,
    fraction,
    shouldCompact: ({ promptTokens, budget }) => promptTokens / Math.max(1, usableTokens(budget)) >= fraction,
    target: (budget) => Math.floor(usableTokens(budget) * fraction),
  };
}
