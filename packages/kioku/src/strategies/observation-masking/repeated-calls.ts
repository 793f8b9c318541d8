import type { ModelMessage } from 'ai';
import { inputText } from '../internal/part-tokens.js';
import { isPlaceholder } from '../internal/placeholder-mark.js';
import { toolCalls, toolResults } from '../internal/tool-parts.js';

/**
 * The tool calls made again later with the same tool and the same input (the same file viewed again,
 * the same query run again), among the first `before` tool results of the history: the ids of the earlier
 * calls, whose outputs the later one supersedes. Only results among the first `before` count, so the
 * answer changes only when `before` does. Calls whose input a strategy cleared (a placeholder) are left out.
 */
export function repeatedCalls(messages: readonly ModelMessage[], before: number): Set<string> {
  const answered = new Set(
    toolResults(messages)
      .slice(0, before)
      .map(({ part }) => part.toolCallId),
  );
  const latest = new Map<string, string>();
  const repeated = new Set<string>();
  for (const { part } of toolCalls(messages)) {
    if (!answered.has(part.toolCallId) || isPlaceholder(part)) continue;
    const key = `${part.toolName}\n${inputText(part)}`;
    const earlier = latest.get(key);
    if (earlier !== undefined) repeated.add(earlier);
    latest.set(key, part.toolCallId);
  }
  return repeated;
}
