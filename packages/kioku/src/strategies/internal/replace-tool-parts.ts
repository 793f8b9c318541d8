import type { ModelMessage, ToolCallPart, ToolResultPart } from 'ai';

/** A strategy's memo of the messages it rewrote, so an unchanged edit yields the same object next call. */
export type RewriteMemo = WeakMap<ModelMessage, { key: string; message: ModelMessage }>;

/** Options of {@link replaceToolParts}. */
export interface ReplaceToolPartsOptions {
  messages: readonly ModelMessage[];
  /**
   * Index of each message to rewrite → the ids of its parts to replace, in the message's part order:
   * tool results of a tool message, tool calls of an assistant message.
   */
  targets: ReadonlyMap<number, readonly string[]>;
  replaceResult: (part: ToolResultPart) => ToolResultPart;
  replaceCall: (part: ToolCallPart) => ToolCallPart;
  memo: RewriteMemo;
}

/**
 * A copy of `messages` with the targeted tool parts replaced. Untouched messages are the same objects,
 * and a message rewritten the same way as at an earlier call is the object made then (token counters
 * cache counts per object). Never changes `messages` or its messages.
 */
export function replaceToolParts({
  messages,
  targets,
  replaceResult,
  replaceCall,
  memo,
}: ReplaceToolPartsOptions): ModelMessage[] {
  const output = messages.slice();
  for (const [index, ids] of targets) {
    const message = messages[index];
    if (message === undefined || typeof message.content === 'string') continue;
    const key = ids.join('\u0000');
    const cached = memo.get(message);
    if (cached?.key === key) {
      output[index] = cached.message;
      continue;
    }
    const wanted = new Set(ids);
    const content = message.content.map((part) => {
      if (message.role === 'tool' && part.type === 'tool-result' && wanted.has(part.toolCallId)) {
        return replaceResult(part);
      }
      if (message.role === 'assistant' && part.type === 'tool-call' && wanted.has(part.toolCallId)) {
        return replaceCall(part);
      }
      return part;
    });
    const rewritten = { ...message, content } as ModelMessage;
    memo.set(message, { key, message: rewritten });
    output[index] = rewritten;
  }
  return output;
}
