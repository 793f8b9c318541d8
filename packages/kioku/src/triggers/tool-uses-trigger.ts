import { checkCount } from '../strategies/internal/check-option.js';
import { completedToolUses } from '../strategies/internal/completed-tool-uses.js';
import { usableTokens } from '../strategies/internal/usable-tokens.js';
import type { ProactiveTrigger } from './proactive-trigger.js';

/** Options of {@link toolUsesTrigger}. */
export interface ToolUsesTriggerOptions {
  /** Tool uses (a call the client ran and its result) the prompt holds when it fires (0: at every call). */
  toolUses: number;
}

/** A trigger by tool-use count; `toolUses` is the count it fires at. */
export interface ToolUsesTrigger extends ProactiveTrigger {
  readonly toolUses: number;
}

/**
 * Compacts once the prompt holds `toolUses` tool uses, whatever its size (Anthropic's `tool_uses`
 * trigger of `clear_tool_uses_20250919`). A use counts whether or not its result was cleared; a call
 * the provider executed itself, or one not answered yet, does not. A count asks for no size, so the
 * compaction it fires need only fit the usable window (`target`).
 *
 * @example
 * const trigger = toolUsesTrigger({ toolUses: 30 });
 * const editing = contextEditing({ trigger, keep: 3 });
 */
export function toolUsesTrigger({ toolUses }: ToolUsesTriggerOptions): ToolUsesTrigger {
  checkCount({ strategy: 'toolUsesTrigger', option: 'toolUses', value: toolUses });
  return {
    name: `tool-uses(${toolUses})`,
    toolUses,
    shouldCompact: ({ messages }) => completedToolUses(messages).length >= toolUses,
    target: (budget) => usableTokens(budget),
  };
}
