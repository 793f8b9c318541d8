import type { ModelMessage, ToolCallPart, ToolResultPart } from 'ai';

/** A part of a history with the index of the message that holds it. */
export interface Located<Part> {
  index: number;
  part: Part;
}

/** The tool results of tool messages (the observations an agent gets back), in history order. */
export function toolResults(messages: readonly ModelMessage[]): Located<ToolResultPart>[] {
  const results: Located<ToolResultPart>[] = [];
  messages.forEach((message, index) => {
    if (message.role !== 'tool') return;
    for (const part of message.content) if (part.type === 'tool-result') results.push({ index, part });
  });
  return results;
}

/** The tool calls of assistant messages that the agent runs (not provider-executed), in history order. */
export function toolCalls(messages: readonly ModelMessage[]): Located<ToolCallPart>[] {
  const calls: Located<ToolCallPart>[] = [];
  messages.forEach((message, index) => {
    if (message.role !== 'assistant' || typeof message.content === 'string') return;
    for (const part of message.content) {
      if (part.type === 'tool-call' && part.providerExecuted !== true) calls.push({ index, part });
    }
  });
  return calls;
}

/** Adds `id` to the ids to replace in message `index` (kept in part order, as `replaceToolParts` wants). */
export function addTarget(targets: Map<number, string[]>, index: number, id: string): void {
  const ids = targets.get(index);
  if (ids === undefined) targets.set(index, [id]);
  else ids.push(id);
}
