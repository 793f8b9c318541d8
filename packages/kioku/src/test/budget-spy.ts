import type { Strategy, StrategyBudget } from '../strategies/strategy.js';

/** A lossless strategy that records the budget of every call it is applied at, for tests of what callers pass. */
export function budgetSpy(): Strategy<null> & { budgets: StrategyBudget[] } {
  const budgets: StrategyBudget[] = [];
  return {
    name: 'budget-spy',
    lossy: false,
    needsModel: false,
    budgets,
    initialState: () => null,
    async apply({ messages, budget, state }) {
      budgets.push(budget);
      return { messages: messages.slice(), edits: [], state };
    },
  };
}
