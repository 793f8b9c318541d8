import type { ModelMessage } from 'ai';
import type { TokenCounter } from '../../tokens/token-counter.js';

/**
 * Tokens of `messages`, the request's own left out: the sum of their counts. A counter that is
 * `additive` is asked for the prompt's count (`cachedCounter` counts a prompt from an earlier one's sums,
 * so a grown or partly rewritten history costs its new messages); another is asked message by message.
 */
export function messageTokens(counter: TokenCounter, messages: readonly ModelMessage[]): number {
  if (counter.additive === true) {
    return counter.countPrompt({ messages }) - counter.countPrompt({ messages: [] });
  }
  let sum = 0;
  for (const message of messages) sum += counter.countMessage(message);
  return sum;
}
