import type { AssistantContent, FilePart, ModelMessage, TextPart, ToolCallPart, UserContent } from 'ai';
import { TranscriptFormatError } from '../errors/transcript-format-error.js';
import { formatLocation, type JsonPath } from '../json/format-json-path.js';
import { distinctToolCallIds } from '../messages/distinct-tool-call-ids.js';
import { openToolCalls } from '../messages/open-tool-calls.js';
import { cacheControlOptions } from './cache-control-options.js';
import { markObservations, type ObservationTurns } from './mark-observations.js';
import type { OpenAIChatMessage } from './openai-chat-message.js';
import { toolCallInput } from './tool-call-input.js';

/** Converted messages, and for each source message how many converted messages precede it. */
export interface ConvertedMessages {
  messages: ModelMessage[];
  /** `before[k]`: converted messages before source message `k`; `before[n]` is the total. */
  before: number[];
}

/**
 * Converts validated OpenAI chat-completions messages to `ModelMessage`s, one per source message; an
 * assistant's `reasoning_content` becomes a leading reasoning part (DeepSeek bills it when sent back). A
 * tool result answers its call by id and position (`openToolCalls`: tau-bench and SWE-agent files reuse
 * ids, some servers give every call one id) and gets its tool name from it; a result that answers no
 * call is an error. Ids are then made distinct (`distinctToolCallIds`: a reused id becomes `<id>-2`,
 * `<id>-3`…, and its result follows), so calls and results pair one to one. User turns that are
 * a text-based agent's observations are marked (`markObservations`).
 */
export function fromOpenAIChatMessages(
  source: readonly OpenAIChatMessage[],
  {
    file,
    path,
    lines,
    sourceIndex,
    observations = 'labelled',
  }: {
    file: string;
    /** Path of the messages array in the file. */
    path: JsonPath;
    lines?: readonly number[] | undefined;
    /** Index in the file's array of each message given, when some were left out. */
    sourceIndex?: readonly number[];
    /**
     * Which user turns are a text-based agent's observations, marked so strategies can mask them
     * (`markObservations`); default `labelled`: those that open with "Observation:".
     */
    observations?: ObservationTurns;
  },
): ConvertedMessages {
  /** The calls waiting for a result: the tool name of each. */
  const calls = openToolCalls<string>();
  /** Legacy `function_call`s not yet answered, by function name, oldest first. */
  const pendingFunctionCalls = new Map<string, string[]>();
  const messages: ModelMessage[] = [];
  const before: number[] = [];
  source.forEach((message, index) => {
    before.push(messages.length);
    const providerOptions = cacheControlOptions(
      message.cache_control,
      ...(Array.isArray(message.content) ? message.content.map((part) => part.cache_control) : []),
    );
    const converted = convert(message, index);
    messages.push(providerOptions === undefined ? converted : { ...converted, providerOptions });
  });
  before.push(messages.length);
  return { messages: markObservations(distinctToolCallIds(messages), observations), before };

  function convert(message: OpenAIChatMessage, index: number): ModelMessage {
    switch (message.role) {
      case 'system':
      case 'developer':
        return { role: 'system', content: joinText(message.content) };
      case 'user':
        return { role: 'user', content: userContent(message.content) };
      case 'assistant':
        return { role: 'assistant', content: assistantContent(message, index) };
      case 'tool': {
        const toolName = calls.answer(message.tool_call_id);
        if (toolName === undefined) {
          throw new TranscriptFormatError({
            file,
            location: formatLocation([...path, sourceIndex?.[index] ?? index, 'tool_call_id'], lines),
            expected: 'the id of a tool call in an earlier assistant message',
            found: `${JSON.stringify(message.tool_call_id)}, which no earlier assistant message calls`,
          });
        }
        return {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: message.tool_call_id,
              toolName,
              output: toolOutput(message.content),
            },
          ],
        };
      }
      case 'function': {
        const toolCallId = pendingFunctionCalls.get(message.name)?.shift() ?? `function-call-${index}`;
        return {
          role: 'tool',
          content: [
            { type: 'tool-result', toolCallId, toolName: message.name, output: toolOutput(message.content) },
          ],
        };
      }
    }
  }

  function assistantContent(
    message: Extract<OpenAIChatMessage, { role: 'assistant' }>,
    index: number,
  ): AssistantContent {
    const parts: ToolCallPart[] = (message.tool_calls ?? []).map((call) => {
      calls.call(call.id, index, call.function.name);
      return {
        type: 'tool-call',
        toolCallId: call.id,
        toolName: call.function.name,
        input: toolCallInput(call.function.arguments),
      };
    });
    if (message.function_call) {
      const { name } = message.function_call;
      const id = `function-call-${index}`;
      pendingFunctionCalls.set(name, [...(pendingFunctionCalls.get(name) ?? []), id]);
      parts.push({
        type: 'tool-call',
        toolCallId: id,
        toolName: message.function_call.name,
        input: toolCallInput(message.function_call.arguments),
      });
    }
    const content = message.content ?? '';
    const reasoning: Exclude<AssistantContent, string> = message.reasoning_content
      ? [{ type: 'reasoning', text: message.reasoning_content }]
      : [];
    if (parts.length === 0 && reasoning.length === 0) {
      return typeof content === 'string' ? content : content.map(textPartOf);
    }
    const text: TextPart[] =
      typeof content === 'string'
        ? content === ''
          ? []
          : [{ type: 'text', text: content }]
        : content.map(textPartOf);
    return [...reasoning, ...text, ...parts];
  }
}

type SourcePart = { type: 'text'; text: string } | { type: 'refusal'; refusal: string };

function textPartOf(part: SourcePart): TextPart {
  return { type: 'text', text: part.type === 'text' ? part.text : part.refusal };
}

function joinText(content: string | ReadonlyArray<{ text: string }>): string {
  return typeof content === 'string' ? content : content.map((part) => part.text).join('\n');
}

function userContent(
  content:
    | string
    | ReadonlyArray<
        { type: 'text'; text: string } | { type: 'image_url'; image_url: string | { url: string } }
      >,
): UserContent {
  if (typeof content === 'string') return content;
  return content.map((part): TextPart | FilePart =>
    part.type === 'text' ? { type: 'text', text: part.text } : imagePart(part.image_url),
  );
}

function imagePart(image: string | { url: string }): FilePart {
  const url = typeof image === 'string' ? image : image.url;
  const data = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (data?.[1] !== undefined && data[2] !== undefined)
    return { type: 'file', mediaType: data[1], data: data[2] };
  return { type: 'file', mediaType: 'image', data: URL.canParse(url) ? new URL(url) : url };
}

function toolOutput(
  content: string | ReadonlyArray<{ text: string }> | null | undefined,
): { type: 'text'; value: string } | { type: 'content'; value: Array<{ type: 'text'; text: string }> } {
  if (content === null || content === undefined) return { type: 'text', value: '' };
  if (typeof content === 'string') return { type: 'text', value: content };
  if (content.length === 1 && content[0] !== undefined) return { type: 'text', value: content[0].text };
  return { type: 'content', value: content.map((part) => ({ type: 'text', text: part.text })) };
}
