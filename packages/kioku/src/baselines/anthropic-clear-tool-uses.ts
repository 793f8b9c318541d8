import { contextEditing } from '../strategies/context-editing/index.js';
import { renamed } from '../strategies/renamed/renamed.js';
import type { Strategy } from '../strategies/strategy.js';
import type { PeerTrigger } from './peer-trigger.js';

/** Options of {@link anthropicClearToolUses}; the defaults are Anthropic's documented ones. */
export interface AnthropicClearToolUsesOptions {
  /** When to start clearing; default `{ inputTokens: 100_000 }`. */
  trigger?: PeerTrigger;
  /**
   * `clear_at_least`: fewest input tokens an edit must clear, else nothing new is cleared (Anthropic's
   * knob for keeping the cached prefix, so clearing happens in batches). Default 0 (not set). Named
   * `anthropic-clear-tool-uses-at-least-<N>` when set.
   */
  clearAtLeast?: number;
}

/**
 * Anthropic's server-side context editing `clear_tool_uses_20250919` (Claude docs, "Context editing",
 * beta `context-management-2025-06-27`): once the prompt exceeds the trigger (documented default 100,000
 * input tokens), clear the oldest tool results, keeping the 3 most recent tool uses, with no excluded
 * tools and tool inputs kept; `clear_at_least` is off unless given. Applied client-side by kioku's
 * `contextEditing`.
 *
 * @example
 * const strategy = anthropicClearToolUses(); // name 'anthropic-clear-tool-uses'
 * const batched = anthropicClearToolUses({ trigger: { fraction: 0.5 }, clearAtLeast: 5_000 });
 */
export function anthropicClearToolUses({
  trigger = { inputTokens: 100_000 },
  clearAtLeast = 0,
}: AnthropicClearToolUsesOptions = {}): Strategy<unknown> {
  return renamed(
    contextEditing({ trigger, keep: 3, clearAtLeast, clearToolInputs: false }),
    clearAtLeast > 0 ? `anthropic-clear-tool-uses-at-least-${clearAtLeast}` : 'anthropic-clear-tool-uses',
  );
}
