import type { StrategyEdit, StrategyUsage } from '../strategies/strategy.js';

/** The model calls one strategy call made: the sum of the `usage` its edits report. */
export function editsUsage(edits: readonly StrategyEdit[]): StrategyUsage {
  const sum: StrategyUsage = { inputTokens: 0, outputTokens: 0, calls: 0 };
  for (const { usage } of edits) {
    if (usage === undefined) continue;
    sum.inputTokens += usage.inputTokens;
    sum.outputTokens += usage.outputTokens;
    sum.calls += usage.calls;
  }
  return sum;
}
