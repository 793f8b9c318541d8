import type { ModelMessage } from 'ai';
import { messageText } from '../messages/message-text.js';
import type { Prompt, TokenCounter } from '../tokens/token-counter.js';
import type { ToolDefinition } from '../transcripts/transcript.js';

/**
 * A cheap, deterministic counter for property tests: a token is four characters of what the model sees
 * (`messageText`), rounded up, plus 4 tokens per message, 8 per request and the JSON length / 4 of the
 * tools. Counts are cached per message object, like the real counters.
 */
export function quarterCounter(): TokenCounter {
  const cache = new WeakMap<ModelMessage, number>();
  const countText = (text: string): number => Math.ceil(text.length / 4);
  const countMessage = (message: ModelMessage): number => {
    let count = cache.get(message);
    if (count === undefined) {
      count = 4 + countText(messageText(message));
      cache.set(message, count);
    }
    return count;
  };
  const countTools = (tools: readonly ToolDefinition[]): number =>
    tools.length === 0 ? 0 : countText(JSON.stringify(tools));
  return {
    family: 'quarter',
    exact: true,
    additive: true,
    countMessage,
    countTools,
    countText,
    countPrompt: ({ messages, tools }: Prompt) => {
      let total = 8 + (tools === undefined ? 0 : countTools(tools));
      for (const message of messages) total += countMessage(message);
      return total;
    },
  };
}
