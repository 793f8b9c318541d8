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

/** Options of {@link toLanguageModelPrompt}. */
export interface ToLanguageModelPromptOptions {
  provider?: string | undefined;
  /**
   * Messages the caller gave (from a provider prompt), sent as they are like those `fromLanguageModelPrompt`
   * read; default none beyond those.
   */
  isGiven?: ((message: ModelMessage) => boolean) | undefined;
}

/**
 * A history back as a provider prompt: messages that came from one unchanged, the ones a strategy wrote
 * (a summary, a message with a placeholder) converted by the AI SDK's own converter, without downloads.
 */
export async function toLanguageModelPrompt(
  messages: readonly ModelMessage[],
  { provider, isGiven }: ToLanguageModelPromptOptions = {},
): Promise<LanguageModelV4Prompt> {
  const prompt: LanguageModelV4Prompt = [];
  for (const message of messages) {
    const sent =
      fromPrompt.has(message) || isGiven?.(message) === true ? message : await convert(message, provider);
    if (sent !== undefined) prompt.push(sent as LanguageModelV4Message);
  }
  return prompt;
}

/**
 * {@link toLanguageModelPrompt} for the prompts of one conversation, each made mostly of the messages of
 * the one before: a message at the same place as in the previous prompt is sent as it was then, and each
 * message a strategy wrote is converted once (per converter).
 *
 * @example
 * const toPrompt = promptConverter();
 * const prompt = await toPrompt(prepared.messages, { provider: model.provider, isGiven });
 */
export function promptConverter(): (
  messages: readonly ModelMessage[],
  options: ToLanguageModelPromptOptions,
) => Promise<LanguageModelV4Prompt> {
  let previous: readonly ModelMessage[] = [];
  let previousSent: Array<LanguageModelV4Message | undefined> = [];
  const converted = new WeakMap<ModelMessage, LanguageModelV4Message | null>();
  return async (messages, { provider, isGiven }) => {
    const sent = new Array<LanguageModelV4Message | undefined>(messages.length);
    for (let index = 0; index < messages.length; index += 1) {
      const message = messages[index] as ModelMessage;
      if (message === previous[index]) {
        sent[index] = previousSent[index];
      } else if (fromPrompt.has(message) || isGiven?.(message) === true) {
        sent[index] = message as LanguageModelV4Message;
      } else {
        let made = converted.get(message);
        if (made === undefined) {
          made = (await convert(message, provider)) ?? null;
          converted.set(message, made);
        }
        sent[index] = made ?? undefined;
      }
    }
    previous = messages;
    previousSent = sent;
    return sent.filter((message): message is LanguageModelV4Message => message !== undefined);
  };
}

/** A message a strategy wrote, converted alone by the AI SDK's converter (`undefined`: nothing to send). */
async function convert(message: ModelMessage, provider: string | undefined) {
  aiInternal ??= import('ai/internal');
  const { convertToLanguageModelPrompt } = await aiInternal;
  const [result] = await convertToLanguageModelPrompt({
    prompt: { instructions: undefined, messages: [message, ...answered(message)] },
    supportedUrls: { '*': [/^/] },
    download: undefined,
    ...(provider === undefined ? {} : { provider }),
  });
  return result;
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
