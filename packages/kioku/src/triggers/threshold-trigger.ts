import { checkFraction } from '../strategies/internal/check-option.js';
import { usableTokens } from '../strategies/internal/usable-tokens.js';
import type { ProactiveTrigger } from './proactive-trigger.js';

/** Options of {@link thresholdTrigger}. */
export interface ThresholdTriggerOptions {
  /** Share of the usable window (`contextWindow - reservedOutputTokens`) at which to compact, in (0, 1]; default 0.8. */
  fraction?: number;
}

/**
 * Compacts when the prompt reaches `fraction` of the usable context window, and asks the compaction to
 * bring it back under that fraction.
 *
 * @example
 * const trigger = thresholdTrigger({ fraction: 0.75 });
 * trigger.shouldCompact({ promptTokens: 100_000, budget: { contextWindow: 128_000 } }); // true
 */
export function thresholdTrigger({ fraction = 0.8 }: ThresholdTriggerOptions = {}): ProactiveTrigger {
  checkFraction({ strategy: 'thresholdTrigger', option: 'fraction', value: fraction, min: Number.MIN_VALUE });
  return {
    name: `threshold(${fraction})`,
    shouldCompact: ({ promptTokens, budget }) => promptTokens >= usableTokens(budget) * fraction,
    target: (budget) => Math.floor(usableTokens(budget) * fraction),
  };
}
