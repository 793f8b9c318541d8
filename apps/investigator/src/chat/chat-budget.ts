import type { LanguageModelUsage } from 'ai';

/** Limits of a chat over an alert; when one is reached the turn ends with a handover note. */
export interface ChatBudget {
  /** Model calls (steps) per turn; default 12. */
  maxStepsPerTurn?: number;
  /** Input tokens over the whole conversation (earlier sessions included, sub-agents included). */
  maxInputTokens?: number;
  /** USD over the whole conversation (needs the model's price). */
  maxCostUsd?: number;
}

/** Why the conversation may not go on (`maxInputTokens`, `maxCostUsd`), or `undefined` when it may. */
export function budgetReached(
  budget: ChatBudget,
  spent: { usage: LanguageModelUsage; costUsd: number | undefined },
): string | undefined {
  const input = spent.usage.inputTokens ?? 0;
  if (budget.maxInputTokens !== undefined && input >= budget.maxInputTokens) {
    return `${input} of ${budget.maxInputTokens} input tokens spent`;
  }
  if (budget.maxCostUsd !== undefined && (spent.costUsd ?? 0) >= budget.maxCostUsd) {
    return `$${(spent.costUsd ?? 0).toFixed(4)} of $${budget.maxCostUsd} spent`;
  }
  return undefined;
}
