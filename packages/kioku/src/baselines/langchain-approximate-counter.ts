import type { ModelMessage } from 'ai';
import { toolOutputText } from '../messages/message-text.js';
import type { TokenCounter } from '../tokens/token-counter.js';

/**
 * LangChain.js' `countTokensApproximately` (langchain 1.x, `agents/middleware/utils.ts`), the counter
 * `contextEditingMiddleware` uses by default (`tokenCountMethod: 'approx'`): 4 characters per token of
 * each message's text, plus the JSON of an AI message's tool calls and a tool message's `tool_call_id`.
 * The middleware counts the conversation without the system prompt and without tools.
 */
export function langChainApproximateCounter(): TokenCounter {
  const counts = new WeakMap<ModelMessage, number>();
  const countMessage = (message: ModelMessage): number => {
    if (message.role === 'system') return 0;
    let count = counts.get(message);
    if (count === undefined) {
      count = characters(message) / 4;
      counts.set(message, count);
    }
    return count;
  };
  return {
    family: 'langchain-approximate',
    exact: false,
    countMessage,
    countTools: () => 0,
    countPrompt: ({ messages }) =>
      Math.ceil(messages.reduce((sum, message) => sum + countMessage(message), 0)),
    countText: (text) => Math.ceil(text.length / 4),
  };
}

function characters(message: ModelMessage): number {
  if (typeof message.content === 'string') return message.content.length;
  let total = 0;
  const calls: Array<{ name: string; args: unknown; id: string; type: 'tool_call' }> = [];
  for (const part of message.content) {
    if (part.type === 'text') total += part.text.length;
    else if (part.type === 'tool-result')
      total += toolOutputText(part.output).length + part.toolCallId.length;
    else if (part.type === 'tool-call') {
      calls.push({ name: part.toolName, args: part.input, id: part.toolCallId, type: 'tool_call' });
    }
  }
  return calls.length > 0 ? total + JSON.stringify(calls).length : total;
}
