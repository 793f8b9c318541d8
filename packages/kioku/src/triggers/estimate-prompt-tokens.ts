import type { ModelMessage } from 'ai';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { ToolDefinition } from '../transcripts/transcript.js';

/** The input tokens a provider reported for an earlier prompt that this one extends. */
export interface ReportedUsage {
  /** The earlier prompt held `messages.slice(0, messageCount)` of the prompt being estimated. */
  messageCount: number;
  /** Its input tokens, as the provider billed them (cached or not). */
  inputTokens: number;
}

/** Options of {@link estimatePromptTokens}. */
export interface EstimatePromptTokensOptions {
  messages: readonly ModelMessage[];
  tools?: readonly ToolDefinition[] | undefined;
  counter: TokenCounter;
  /** The provider's usage for the previous call, when this prompt extends that call's. */
  previous?: ReportedUsage | undefined;
}

/**
 * Tokens of a prompt about to be sent: the provider's own count for the previous step plus the counter's
 * for the messages added since, so tokenizer error only touches the new messages; before the first
 * step (or when the history was rewritten), the counter's count of the whole prompt.
 *
 * @example
 * estimatePromptTokens({ messages, counter, previous: { messageCount: 12, inputTokens: 48_210 } });
 * // { tokens: 48_210 + tokens of messages[12…], source: 'usage' }
 */
export function estimatePromptTokens({ messages, tools, counter, previous }: EstimatePromptTokensOptions): {
  tokens: number;
  source: 'usage' | 'counter';
} {
  if (previous !== undefined && previous.messageCount <= messages.length) {
    let tokens = previous.inputTokens;
    for (let index = previous.messageCount; index < messages.length; index += 1) {
      tokens += counter.countMessage(messages[index] as ModelMessage);
    }
    return { tokens, source: 'usage' };
  }
  return {
    tokens: counter.countPrompt(tools === undefined ? { messages } : { messages, tools }),
    source: 'counter',
  };
}
