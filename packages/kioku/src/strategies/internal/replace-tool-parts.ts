import type { ModelMessage, ToolCallPart, ToolResultPart } from 'ai';

/** A strategy's memo of the messages it rewrote, so an unchanged edit yields the same object next call. */
export type RewriteMemo = WeakMap<ModelMessage, { key: string; message: ModelMessage }>;

/** How to replace the targeted tool parts of a message, and the memo of earlier rewrites. */
interface Replacement {
  replaceResult: (part: ToolResultPart) => ToolResultPart;
  replaceCall: (part: ToolCallPart) => ToolCallPart;
  memo: RewriteMemo;
}

/** Options of {@link replaceToolParts}. */
export interface ReplaceToolPartsOptions extends Replacement {
  messages: readonly ModelMessage[];
  /**
   * Index of each message to rewrite → the ids of its parts to replace, in the message's part order:
   * tool results of a tool message, tool calls of an assistant message.
   */
  targets: ReadonlyMap<number, readonly string[]>;
}

/**
 * A copy of `messages` with the targeted tool parts replaced. Untouched messages are the same objects,
 * and a message rewritten the same way as at an earlier call is the object made then (token counters
 * cache counts per object). Never changes `messages` or its messages.
 */
export function replaceToolParts({
  messages,
  targets,
  ...replacement
}: ReplaceToolPartsOptions): ModelMessage[] {
  const output = messages.slice();
  for (const [index, ids] of targets) {
    const message = messages[index];
    if (message === undefined || typeof message.content === 'string') continue;
    output[index] = rewriteToolParts({ message, ids, ...replacement });
  }
  return output;
}

/**
 * `message` with its tool parts under `ids` (in part order) replaced: a tool message's results, an
 * assistant message's calls; the object made at an earlier call when it was rewritten the same way.
 */
export function rewriteToolParts({
  message,
  ids,
  replaceResult,
  replaceCall,
  memo,
}: Replacement & { message: ModelMessage; ids: readonly string[] }): ModelMessage {
  if (typeof message.content === 'string') return message;
  const key = ids.join('\u0000');
  const cached = memo.get(message);
  if (cached?.key === key) return cached.message;
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
  return rewritten;
}
