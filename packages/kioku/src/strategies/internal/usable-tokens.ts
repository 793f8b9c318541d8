import type { StrategyBudget } from '../strategy.js';

/** Tokens a prompt may use: the context window minus what is reserved for the answer. */
export function usableTokens({ contextWindow, reservedOutputTokens = 0 }: StrategyBudget): number {
  return Math.max(0, contextWindow - reservedOutputTokens);
}
