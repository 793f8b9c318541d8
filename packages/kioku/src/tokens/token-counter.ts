import type { ModelMessage } from 'ai';
import type { ToolDefinition } from '../transcripts/transcript.js';

/** A prompt as a provider receives it: messages plus the tool definitions. */
export interface Prompt {
  messages: readonly ModelMessage[];
  tools?: readonly ToolDefinition[];
}

/**
 * Counts the prompt tokens a model family bills. Counts are per message and cached by message identity,
 * so a history that grows by one message costs work for that message only.
 */
export interface TokenCounter {
  /** The family the counter was built for, e.g. `deepseek-v3`, `claude`, `o200k`, `bytes`. */
  readonly family: string;
  /** False when the count is a calibrated estimate rather than a real tokenizer's. */
  readonly exact: boolean;
  /**
   * True when `countPrompt` is the count of the same prompt without messages plus `countMessage` of
   * each message (kioku's counters are), so a prompt can be counted from the counts of its messages: what
   * `cachedCounter` does to count a grown prompt by its new messages. Absent: not known.
   */
  readonly additive?: boolean;
  /** Tokens one message adds to a prompt, including the provider's per-message overhead. */
  countMessage(message: ModelMessage): number;
  /** Tokens the tool definitions add to a prompt, including the provider's tool-use preamble. */
  countTools(tools: readonly ToolDefinition[]): number;
  /** Tokens of a whole prompt: messages, tools and the fixed per-request overhead. */
  countPrompt(prompt: Prompt): number;
  /** Raw tokens of a piece of text, without any overhead. */
  countText(text: string): number;
}
