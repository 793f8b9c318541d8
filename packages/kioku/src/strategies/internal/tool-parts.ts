import type { ModelMessage, ToolCallPart, ToolResultPart } from 'ai';

/** A part of a history with the index of the message that holds it. */
export interface Located<Part> {
  index: number;
  part: Part;
}

/**
 * A tool call or result with its step: the ordinal, from 0, of the agent step it belongs to (an
 * assistant message, its calls and the results that answer them) among the steps that hold such parts.
 */
export interface Stepped<Part> extends Located<Part> {
  step: number;
}

/** Tool parts of a history by step, oldest first, and how many steps hold them. */
export interface SteppedParts<Part> {
  parts: Stepped<Part>[];
  steps: number;
}

/**
 * The tool results of tool messages (the observations an agent gets back), in history order, each with
 * its step: results after the same assistant message (parallel calls) share one, so a window counted in
 * steps keeps all the results of a step or none.
 */
export function toolResults(messages: readonly ModelMessage[]): SteppedParts<ToolResultPart> {
  const parts: Stepped<ToolResultPart>[] = [];
  let steps = 0;
  let open = false;
  messages.forEach((message, index) => {
    if (message.role === 'assistant') open = false;
    if (message.role !== 'tool') return;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      if (!open) {
        open = true;
        steps += 1;
      }
      parts.push({ index, part, step: steps - 1 });
    }
  });
  return { parts, steps };
}

/**
 * The tool calls of assistant messages that the agent runs (not provider-executed), in history order,
 * each with its step (the ordinal of its assistant message among those that make such calls).
 */
export function toolCalls(messages: readonly ModelMessage[]): SteppedParts<ToolCallPart> {
  const parts: Stepped<ToolCallPart>[] = [];
  let steps = 0;
  messages.forEach((message, index) => {
    if (message.role !== 'assistant' || typeof message.content === 'string') return;
    let counted = false;
    for (const part of message.content) {
      if (part.type !== 'tool-call' || part.providerExecuted === true) continue;
      if (!counted) {
        counted = true;
        steps += 1;
      }
      parts.push({ index, part, step: steps - 1 });
    }
  });
  return { parts, steps };
}

/** Adds `id` to the ids to replace in message `index` (kept in part order, as `replaceToolParts` wants). */
export function addTarget(targets: Map<number, string[]>, index: number, id: string): void {
  const ids = targets.get(index);
  if (ids === undefined) targets.set(index, [id]);
  else ids.push(id);
}
