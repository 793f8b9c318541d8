import type { ModelMessage } from 'ai';
import type { Prompt, TokenCounter } from '../tokens/token-counter.js';
import type { ToolDefinition } from '../transcripts/transcript.js';

/**
 * A counter for hand-made tests where the right bill is obvious: a message with string content costs
 * one token per character, any other message and the tools cost their JSON length, and a request adds
 * `overhead` tokens after the last message.
 */
export function lengthCounter({ overhead = 0 }: { overhead?: number } = {}): TokenCounter {
  const countMessage = (message: ModelMessage): number =>
    typeof message.content === 'string' ? message.content.length : JSON.stringify(message.content).length;
  const countTools = (tools: readonly ToolDefinition[]): number => JSON.stringify(tools).length;
  return {
    family: 'length',
    exact: true,
    additive: true,
    countMessage,
    countTools,
    countText: (text) => text.length,
    countPrompt: (prompt: Prompt) =>
      prompt.messages.reduce((sum, message) => sum + countMessage(message), 0) +
      (prompt.tools !== undefined && prompt.tools.length > 0 ? countTools(prompt.tools) : 0) +
      overhead,
  };
}

/** A message of `tokens` tokens under {@link lengthCounter}, optionally an Anthropic cache breakpoint. */
export function sized(
  role: 'system' | 'user' | 'assistant',
  tokens: number,
  { mark = false, ttl, fill = role[0] ?? 'x' }: { mark?: boolean; ttl?: '1h'; fill?: string } = {},
): ModelMessage {
  const content = fill.repeat(tokens).slice(0, tokens);
  if (!mark) return { role, content } as ModelMessage;
  const cacheControl = ttl === undefined ? { type: 'ephemeral' } : { type: 'ephemeral', ttl };
  return { role, content, providerOptions: { anthropic: { cacheControl } } } as ModelMessage;
}
