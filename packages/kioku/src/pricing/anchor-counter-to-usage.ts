import type { ModelMessage } from 'ai';
import type { Prompt, TokenCounter } from '../tokens/token-counter.js';
import type { ToolDefinition, Transcript } from '../transcripts/transcript.js';
import { messageDigest } from './message-digest.js';

/**
 * For the "replay against recorded usage" check only: a counter whose per-message counts are `counter`'s
 * scaled so that each recorded call's prompt adds up to the `promptTokens` the provider reported. Between
 * two recorded calls the new messages share the difference in proportion to their own counts. This
 * isolates the cache rules from tokenizer error; it needs the bills it is checked against, so it is not
 * a way to predict costs. Messages are matched by content (cache markers ignored); others, and tools, are
 * counted by `counter`.
 *
 * @example
 * const anchored = anchorCounterToUsage({ counter, transcripts });
 * simulateCost({ calls, model, counter: anchored });
 */
export function anchorCounterToUsage({
  counter,
  transcripts,
}: {
  counter: TokenCounter;
  transcripts: readonly Transcript[];
}): TokenCounter {
  const scaled = new Map<string, number>();
  for (const transcript of transcripts) anchor(transcript);
  const countMessage = (message: ModelMessage): number =>
    scaled.get(messageDigest(message)) ?? counter.countMessage(message);
  const countTools = (tools: readonly ToolDefinition[]): number => counter.countTools(tools);
  return {
    family: `${counter.family}+anchored`,
    exact: false,
    countMessage,
    countTools,
    countText: (text) => counter.countText(text),
    countPrompt(prompt: Prompt): number {
      const messages = prompt.messages.reduce((sum, message) => sum + countMessage(message), 0);
      const tools = prompt.tools !== undefined && prompt.tools.length > 0 ? countTools(prompt.tools) : 0;
      return messages + tools + overhead(prompt);
    },
  };

  /** The per-request tokens `counter` adds beyond messages and tools. */
  function overhead(prompt: Prompt): number {
    const messages = prompt.messages.reduce((sum, message) => sum + counter.countMessage(message), 0);
    const tools =
      prompt.tools !== undefined && prompt.tools.length > 0 ? counter.countTools(prompt.tools) : 0;
    return Math.max(0, counter.countPrompt(prompt) - messages - tools);
  }

  function anchor(transcript: Transcript): void {
    const tools = transcript.tools ?? [];
    const toolTokens = tools.length > 0 ? counter.countTools(tools) : 0;
    let done = 0;
    let position = 0;
    for (const call of transcript.calls) {
      const recorded = call.usage?.promptTokens;
      if (recorded === undefined || call.messageCount <= done) continue;
      const messages = transcript.messages.slice(0, call.messageCount);
      const prompt: Prompt = tools.length > 0 ? { messages, tools } : { messages };
      const target = recorded - toolTokens - overhead(prompt);
      const segment = transcript.messages.slice(done, call.messageCount);
      const base = segment.map((message) => counter.countMessage(message));
      const baseSum = base.reduce((sum, count) => sum + count, 0);
      const factor = baseSum > 0 ? Math.max(0, target - position) / baseSum : 0;
      segment.forEach((message, index) => {
        scaled.set(messageDigest(message), (base[index] ?? 0) * factor);
      });
      position += baseSum * factor;
      done = call.messageCount;
    }
  }
}
