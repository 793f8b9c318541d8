import type { ModelMessage } from 'ai';
import { toolOutputText } from '../messages/message-text.js';
import type { TokenCounter } from '../tokens/token-counter.js';

/** Tokens of one tool use (its call's input and its result) in a prompt. */
export interface ToolUseTokens {
  toolName: string;
  tokens: number;
}

/** Per counter, tokens of a tool-call input by part identity: histories share their parts. */
const inputTokens = new WeakMap<TokenCounter, WeakMap<object, number>>();

/**
 * The tokens each tool use takes in `messages`, by tool call id: the call's input counted as text, plus
 * the tool message holding the result (shared by output length when it holds several). Comparing an
 * unmanaged prompt with a managed one by id says what a strategy saved on each tool, whatever it did to
 * the messages around them. Tool messages are counted with `countMessage`, whose cache the prompt count
 * has already filled.
 */
export function toolTokens(
  messages: readonly ModelMessage[],
  counter: TokenCounter,
): Map<string, ToolUseTokens> {
  let known = inputTokens.get(counter);
  if (known === undefined) {
    known = new WeakMap();
    inputTokens.set(counter, known);
  }
  const uses = new Map<string, ToolUseTokens>();
  const add = (toolCallId: string, toolName: string, tokens: number) => {
    const use = uses.get(toolCallId);
    if (use === undefined) uses.set(toolCallId, { toolName, tokens });
    else use.tokens += tokens;
  };
  for (const message of messages) {
    if (message.role === 'tool') {
      const results = message.content.filter((part) => part.type === 'tool-result');
      const lengths = results.map((part) => toolOutputText(part.output).length);
      const total = lengths.reduce((sum, length) => sum + length, 0);
      const tokens = results.length === 0 ? 0 : counter.countMessage(message);
      results.forEach((part, index) => {
        const share = total === 0 ? 1 / results.length : (lengths[index] ?? 0) / total;
        add(part.toolCallId, part.toolName, tokens * share);
      });
    } else if (message.role === 'assistant' && typeof message.content !== 'string') {
      for (const part of message.content) {
        if (part.type !== 'tool-call') continue;
        let tokens = known.get(part);
        if (tokens === undefined) {
          tokens = counter.countText(
            typeof part.input === 'string' ? part.input : (JSON.stringify(part.input) ?? ''),
          );
          known.set(part, tokens);
        }
        add(part.toolCallId, part.toolName, tokens);
      }
    }
  }
  return uses;
}

/** Tokens `managed` saves on each tool compared with `unmanaged`, by tool name. */
export function savedByTool(
  unmanaged: ReadonlyMap<string, ToolUseTokens>,
  managed: ReadonlyMap<string, ToolUseTokens>,
): Record<string, number> {
  const saved: Record<string, number> = {};
  for (const [id, use] of unmanaged) {
    const difference = use.tokens - (managed.get(id)?.tokens ?? 0);
    if (difference !== 0) saved[use.toolName] = (saved[use.toolName] ?? 0) + difference;
  }
  return saved;
}
