import type { ModelMessage } from 'ai';
import { inputText } from '../internal/part-tokens.js';
import { isPlaceholder } from '../internal/placeholder-mark.js';
import { toolCalls, toolResults } from '../internal/tool-parts.js';

/**
 * The tool calls made again in a later step with the same tool and the same input (the same file viewed
 * again, the same query run again), among the results of the first `beforeStep` steps that hold results:
 * the ids of the earlier calls, whose outputs the later one supersedes. Only results of those steps count,
 * so the answer changes only when `beforeStep` does; two such calls in one step (parallel) supersede
 * neither. Calls whose input a strategy cleared (a placeholder) are left out.
 */
export function repeatedCalls(messages: readonly ModelMessage[], beforeStep: number): Set<string> {
  const answered = new Set<string>();
  for (const { part, step } of toolResults(messages).parts) {
    if (step < beforeStep) answered.add(part.toolCallId);
  }
  /** Per tool and input: the assistant message that called it last, and the ids it called it under. */
  const latest = new Map<string, { index: number; ids: string[] }>();
  const repeated = new Set<string>();
  for (const { index, part } of toolCalls(messages).parts) {
    if (!answered.has(part.toolCallId) || isPlaceholder(part)) continue;
    const key = `${part.toolName}\n${inputText(part)}`;
    const earlier = latest.get(key);
    if (earlier?.index === index) {
      earlier.ids.push(part.toolCallId);
      continue;
    }
    for (const id of earlier?.ids ?? []) repeated.add(id);
    latest.set(key, { index, ids: [part.toolCallId] });
  }
  return repeated;
}
