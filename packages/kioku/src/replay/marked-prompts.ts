import type { ModelMessage } from 'ai';
import type { TokenCounter } from '../tokens/token-counter.js';

/**
 * Marks cache breakpoints on prompts with `mark`, and gives a counter that counts each marked copy as
 * the message it was copied from. Counters cache counts by message identity and a marker adds no
 * tokens, so the copies need not be tokenized again at every call.
 */
export function markedPrompts(
  mark: (messages: readonly ModelMessage[]) => ModelMessage[],
  counter: TokenCounter,
): { mark: (messages: readonly ModelMessage[]) => ModelMessage[]; counter: TokenCounter } {
  const original = new WeakMap<ModelMessage, ModelMessage>();
  const unmark = (message: ModelMessage): ModelMessage => original.get(message) ?? message;
  return {
    mark(messages) {
      const marked = mark(messages);
      marked.forEach((message, index) => {
        const source = messages[index];
        if (source !== undefined && message !== source) original.set(message, unmark(source));
      });
      return marked;
    },
    counter: {
      family: counter.family,
      exact: counter.exact,
      countMessage: (message) => counter.countMessage(unmark(message)),
      countTools: (tools) => counter.countTools(tools),
      countPrompt: (prompt) => counter.countPrompt({ ...prompt, messages: prompt.messages.map(unmark) }),
      countText: (text) => counter.countText(text),
    },
  };
}
