import { contextEditing } from '../strategies/context-editing/index.js';
import { renamed } from '../strategies/renamed/renamed.js';
import type { Strategy } from '../strategies/strategy.js';

/**
 * Anthropic's server-side context editing `clear_tool_uses_20250919` with its documented defaults
 * (Claude docs, "Context editing", beta `context-management-2025-06-27`): once the prompt exceeds 100,000
 * input tokens, clear the oldest tool results, keeping the 3 most recent tool uses, with no
 * `clear_at_least`, no excluded tools and tool inputs kept. Applied client-side by kioku's
 * `contextEditing`, whose defaults are these.
 *
 * @example
 * const strategy = anthropicClearToolUses(); // name 'anthropic-clear-tool-uses'
 */
export function anthropicClearToolUses(): Strategy<unknown> {
  return renamed(
    contextEditing({ trigger: { inputTokens: 100_000 }, keep: 3, clearAtLeast: 0, clearToolInputs: false }),
    'anthropic-clear-tool-uses',
  );
}
