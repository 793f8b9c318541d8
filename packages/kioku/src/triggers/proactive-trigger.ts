import type { ModelMessage } from 'ai';
import type { StrategyBudget } from '../strategies/strategy.js';

/** What a proactive trigger decides on: the prompt about to be sent and the budget. */
export interface TriggerInput {
  /** Tokens of the prompt about to be sent (estimated from the provider's last usage, see `estimatePromptTokens`). */
  promptTokens: number;
  /** The messages of that prompt (for a trigger that counts something other than tokens, `toolUsesTrigger`). */
  messages: readonly ModelMessage[];
  budget: StrategyBudget;
}

/**
 * Decides when to compact before a call, as opposed to how (a strategy). A plain object; `target` is the
 * size a compaction it fires must bring the prompt under, so it does not fire again at the next call.
 */
export interface ProactiveTrigger {
  readonly name: string;
  shouldCompact(input: TriggerInput): boolean;
  /** Most tokens the prompt may hold after a compaction this trigger fired. */
  target(budget: StrategyBudget): number;
}
