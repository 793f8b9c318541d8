import type { StrategyBudget } from '../strategies/strategy.js';
import { usableTokens } from '../strategies/usable-tokens.js';
import type { ContextOverflow } from '../triggers/context-overflow.js';
import type { ProactiveTrigger } from '../triggers/proactive-trigger.js';

/** Every retry must send at most this share of the rejected prompt, so each one makes progress. */
const shrink = 0.9;

/**
 * The budget to compact within after an overflow, in the counter's tokens: the provider's limit less
 * the completion it reserved, converted by the ratio of the counter's count of the rejected prompt to
 * the provider's (`counted / promptTokens`), so a counter that undercounts this model still lands under
 * the real limit; the ratio is at most 1, so a count above the provider's never raises the limit. The target is the trigger's share of that budget, and at most 90% of the rejected
 * prompt. Without figures (Bedrock's "Input is too long"), the target is the trigger's share of the
 * configured window, and at most 90% of the rejected prompt.
 */
export function recoveryBudget({
  overflow,
  counted,
  budget,
  trigger,
}: {
  overflow: ContextOverflow;
  /** The counter's count of the rejected prompt. */
  counted: number;
  /** The configured budget. */
  budget: StrategyBudget;
  trigger: ProactiveTrigger | undefined;
}): { budget: StrategyBudget; target: number } {
  const providerPrompt =
    overflow.promptTokens ??
    (overflow.tokensSent !== undefined && overflow.completionTokens !== undefined
      ? overflow.tokensSent - overflow.completionTokens
      : overflow.tokensSent);
  const ratio =
    providerPrompt !== undefined && providerPrompt > 0 ? Math.min(1, counted / providerPrompt) : 1;
  const limit = Math.min(overflow.tokenLimit ?? budget.contextWindow, budget.contextWindow);
  const reserved = overflow.completionTokens ?? budget.reservedOutputTokens ?? 0;
  const usable = Math.max(1, Math.floor(Math.max(0, limit - reserved) * ratio));
  const calibrated: StrategyBudget = { contextWindow: usable, reservedOutputTokens: 0 };
  const share = trigger?.target(calibrated) ?? Math.floor(usableTokens(calibrated) * 0.8);
  return { budget: calibrated, target: Math.max(1, Math.min(share, Math.floor(counted * shrink))) };
}

/** False when compacting cannot cure the overflow: the completion reserved alone fills the window. */
export function compactionCanHelp(overflow: ContextOverflow): boolean {
  return !(
    overflow.completionTokens !== undefined &&
    overflow.tokenLimit !== undefined &&
    overflow.completionTokens >= overflow.tokenLimit
  );
}
