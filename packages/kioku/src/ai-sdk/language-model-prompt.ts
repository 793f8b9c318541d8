import type {
  LanguageModelV4FunctionTool,
  LanguageModelV4Message,
  LanguageModelV4Prompt,
} from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
import type { ToolDefinition } from '../transcripts/transcript.js';

/** Messages that came from a provider prompt as they are: sent back unchanged. */
const fromPrompt = new WeakSet<object>();

/**
 * The AI SDK's prompt converter, loaded when a strategy first writes a message: `ai/internal` is a second
 * bundle of the SDK (~10 ms of CPU to load) that `import('kioku')` should not pay for.
 */
let aiInternal: Promise<typeof import('ai/internal')> | undefined;

/**
 * The messages of a provider-level prompt (what middleware sees) as `ModelMessage`s, for strategies. The
 * provider prompt's message types are a subset of `ModelMessage`'s, so the objects themselves are used,
 * and {@link toLanguageModelPrompt} sends every one a strategy kept back as it was.
 */
export function fromLanguageModelPrompt(prompt: LanguageModelV4Prompt): ModelMessage[] {
  return prompt.map((message) => {
    fromPrompt.add(message);
    return message as ModelMessage;
  });
}

/**
 * A history back as a provider prompt: messages that came from one unchanged, the ones a strategy wrote
 * (a summary, a message with a placeholder) converted by the AI SDK's own converter, without downloads.
 */
export async function toLanguageModelPrompt(
  messages: readonly ModelMessage[],
  { provider }: { provider?: string } = {},
): Promise<LanguageModelV4Prompt> {
  const written = messages.filter((message) => !fromPrompt.has(message));
  const converted = new Map<ModelMessage, LanguageModelV4Message>();
  if (written.length > 0) {
    aiInternal ??= import('ai/internal');
    const { convertToLanguageModelPrompt } = await aiInternal;
    for (const message of written) {
      const [result] = await convertToLanguageModelPrompt({
        prompt: { instructions: undefined, messages: [message, ...answered(message)] },
        supportedUrls: { '*': [/^/] },
        download: undefined,
        ...(provider === undefined ? {} : { provider }),
      });
      if (result !== undefined) converted.set(message, result);
    }
  }
  return messages.flatMap((message) => {
    if (fromPrompt.has(message)) return [message as LanguageModelV4Message];
    const result = converted.get(message);
    return result === undefined ? [] : [result];
  });
}

/**
 * Stand-in results for the tool calls of a rewritten assistant message (tool inputs cleared), so the
 * AI SDK converts it alone: its real results follow it in the prompt. Empty for other messages.
 */
function answered(message: ModelMessage): ModelMessage[] {
  if (message.role !== 'assistant' || typeof message.content === 'string') return [];
  const results = message.content.flatMap((part) =>
    part.type === 'tool-call' && part.providerExecuted !== true
      ? [
          {
            type: 'tool-result' as const,
            toolCallId: part.toolCallId,
            toolName: part.toolName,
            output: { type: 'text' as const, value: '' },
          },
        ]
      : [],
  );
  return results.length === 0 ? [] : [{ role: 'tool', content: results }];
}

/** The function tools of a provider call, as the tool definitions token counters take. */
export function toolDefinitions(tools: readonly unknown[] | undefined): ToolDefinition[] | undefined {
  const functions = (tools ?? []).filter(
    (tool): tool is LanguageModelV4FunctionTool =>
      typeof tool === 'object' && tool !== null && (tool as { type?: unknown }).type === 'function',
  );
  if (functions.length === 0) return undefined;
  return functions.map((tool) => ({
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    inputSchema: tool.inputSchema as Record<string, unknown>,
  }));
}
