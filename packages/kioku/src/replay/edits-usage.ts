import type { StrategyEdit, StrategyUsage } from '../strategies/strategy.js';
import { sumFields } from '../tokens/sum-fields.js';

/** The model calls one strategy call made: the sum of the `usage` its edits report. */
export function editsUsage(edits: readonly StrategyEdit[]): StrategyUsage {
  const usages = edits.flatMap(({ usage }) => (usage === undefined ? [] : [usage]));
  return sumFields(usages, ['inputTokens', 'outputTokens', 'calls']);
}
