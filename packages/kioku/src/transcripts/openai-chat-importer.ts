import { basename } from 'node:path';
import { z } from 'zod';
import type { JsonPath } from '../json/format-json-path.js';
import { conversationTranscript } from './conversation-transcript.js';
import { fromOpenAIChatMessages } from './from-openai-chat-messages.js';
import { fromOpenAITools, openAIToolsSchema } from './from-openai-tools.js';
import type { Importer, ReadOptions } from './importer.js';
import { isRecord } from './is-record.js';
import { openAIChatMessageSchema } from './openai-chat-message.js';
import { parseShape } from './parse-shape.js';
import type { Transcript } from './transcript.js';

const messagesSchema = z.array(openAIChatMessageSchema).min(1);
const requestSchema = z.looseObject({
  model: z.string().nullish(),
  messages: z.array(z.unknown()),
  tools: openAIToolsSchema.nullish(),
  functions: openAIToolsSchema.nullish(),
});

/**
 * Reads OpenAI chat-completions conversations: a messages array, a request `{model?, messages, tools?}`,
 * a list of requests, or JSON Lines of messages (one conversation) or of requests (one per line). Content
 * may be a string or content parts; `tool_calls` and the legacy `function_call` become tool calls.
 *
 * @example
 * const [run] = openAIChatImporter().read({ messages: [{ role: 'user', content: 'Hi' }] }, { file: 'chat.json' });
 */
export function openAIChatImporter(): Importer {
  return {
    format: 'openai-chat',
    expected:
      'OpenAI chat-completions messages: [{role, content, tool_calls?, tool_call_id?}], or {model?, messages, tools?}, or JSON Lines of either',
    detect(value) {
      const first: unknown = Array.isArray(value) ? value[0] : value;
      if (!isRecord(first)) return 0;
      if (Array.isArray(value) && typeof first.role === 'string') return 0.6;
      if (!Array.isArray(first.messages)) return 0;
      const openAIOnly = first.messages.some(
        (m: unknown) =>
          isRecord(m) &&
          (m.role === 'system' || m.role === 'tool' || 'tool_calls' in m || 'function_call' in m),
      );
      return openAIOnly ? 0.6 : 0.5;
    },
    read(value, options) {
      if (Array.isArray(value) && (value.length === 0 || (isRecord(value[0]) && 'role' in value[0]))) {
        return [conversation(value, [], options, basename(options.file))];
      }
      if (Array.isArray(value)) {
        return value.map((request, index) =>
          conversation(
            request,
            [index],
            options,
            options.lines ? `line ${options.lines[index]}` : String(index),
          ),
        );
      }
      return [conversation(value, [], options, basename(options.file))];
    },
  };
}

function conversation(value: unknown, path: JsonPath, { file, lines }: ReadOptions, id: string): Transcript {
  const request = Array.isArray(value)
    ? { messages: value }
    : parseShape(requestSchema, value, { file, path, lines });
  const messagesPath = Array.isArray(value) ? path : [...path, 'messages'];
  const source = parseShape(messagesSchema, request.messages, { file, path: messagesPath, lines });
  const { messages } = fromOpenAIChatMessages(source, { file, path: messagesPath, lines });
  const model = 'model' in request && request.model ? request.model : undefined;
  const toolList = 'tools' in request ? (request.tools ?? request.functions) : undefined;
  const tools = toolList ? fromOpenAITools(toolList) : undefined;
  return conversationTranscript({ format: 'openai-chat', file, id, model, messages, tools });
}
