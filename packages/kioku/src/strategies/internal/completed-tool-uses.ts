import type { ModelMessage } from 'ai';
import { findToolPairs, type ToolPair } from '../../messages/find-tool-pairs.js';

/**
 * The tool uses of `messages` a client ran to the end: calls the provider did not execute itself, each
 * answered by a result in a `tool` message, in call order (what context editing clears and
 * `toolUsesTrigger` counts).
 */
export function completedToolUses(messages: readonly ModelMessage[]): ToolPair[] {
  return findToolPairs(messages).pairs.filter(
    (pair) =>
      pair.call.providerExecuted !== true &&
      pair.resultIndex !== undefined &&
      messages[pair.resultIndex]?.role === 'tool',
  );
}
