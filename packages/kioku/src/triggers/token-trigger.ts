import { checkCount } from '../strategies/internal/check-option.js';
import type { ProactiveTrigger } from './proactive-trigger.js';

/** Options of {@link tokenTrigger}. */
export interface TokenTriggerOptions {
  /** Prompt size, in tokens, at which to compact (0: at every call). */
  inputTokens: number;
}

/** A trigger by prompt size; `inputTokens` is the size it fires at. */
export interface TokenTrigger extends ProactiveTrigger {
  readonly inputTokens: number;
}

/**
 * Compacts once the prompt holds `inputTokens` tokens, whatever the window, and asks the compaction to
 * bring it back under that size.
 *
 * @example
 * const trigger = tokenTrigger({ inputTokens: 100_000 });
 * trigger.shouldCompact({ promptTokens: 100_000, messages, budget: { contextWindow: 200_000 } }); // true
 */
export function tokenTrigger({ inputTokens }: TokenTriggerOptions): TokenTrigger {
  checkCount({ strategy: 'tokenTrigger', option: 'inputTokens', value: inputTokens });
  return {
    name: `tokens(${inputTokens})`,
    inputTokens,
    shouldCompact: ({ promptTokens }) => promptTokens >= inputTokens,
    target: () => inputTokens,
  };
}
