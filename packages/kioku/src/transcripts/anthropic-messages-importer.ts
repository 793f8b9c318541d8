import type { JSONValue } from '@ai-sdk/provider';
import type { AssistantContent, FilePart, ModelMessage, TextPart, ToolResultPart, UserContent } from 'ai';
import { TranscriptFormatError } from '../errors/transcript-format-error.js';
import { formatLocation } from '../json/format-json-path.js';
import { type OpenToolCalls, openToolCalls } from '../messages/open-tool-calls.js';
import { type AnthropicBlock, anthropicRequestSchema, serverToolResultTypes } from './anthropic-message.js';
import { type CacheControl, cacheControlOptions } from './cache-control-options.js';
import { conversationTranscript } from './conversation-transcript.js';
import type { Importer } from './importer.js';
import { isRecord } from './is-record.js';
import { parseShape } from './parse-shape.js';
import type { ToolDefinition } from './transcript.js';

const anthropicOnlyBlocks = new Set([
  'tool_use',
  'tool_result',
  'thinking',
  'redacted_thinking',
  'image',
  'document',
  'server_tool_use',
  ...serverToolResultTypes,
]);

/**
 * Reads Anthropic Messages API conversations (`{model?, system?, messages, tools?}`). A user message that
 * carries `tool_result` blocks becomes a `tool` message (and a `user` message for any other blocks);
 * `cache_control` on a block or the system prompt marks that message as a cache breakpoint.
 *
 * @example
 * const [run] = anthropicMessagesImporter().read(JSON.parse(body), { file: 'request.json' });
 */
export function anthropicMessagesImporter(): Importer {
  return {
    format: 'anthropic-messages',
    expected:
      'an Anthropic Messages request: {system?, messages: [{role: "user" | "assistant", content: string | [text | tool_use | tool_result blocks]}], tools?}',
    detect(value) {
      if (!isRecord(value) || !Array.isArray(value.messages)) return 0;
      const messages: unknown[] = value.messages;
      if (messages.some((m) => !isRecord(m) || (m.role !== 'user' && m.role !== 'assistant'))) return 0;
      const blocks = messages.some(
        (m) =>
          isRecord(m) &&
          Array.isArray(m.content) &&
          m.content.some(
            (b: unknown) => isRecord(b) && typeof b.type === 'string' && anthropicOnlyBlocks.has(b.type),
          ),
      );
      const anthropicTools =
        Array.isArray(value.tools) && value.tools.some((t) => isRecord(t) && 'input_schema' in t);
      return blocks || anthropicTools || 'system' in value ? 0.8 : 0.4;
    },
    read(value, { file, lines }) {
      const request = parseShape(anthropicRequestSchema, value, { file, lines });
      const toolNames = openToolCalls<string>();
      const messages: ModelMessage[] = [];
      if (request.system !== undefined && request.system !== null) {
        const system = request.system;
        const content = typeof system === 'string' ? system : system.map((block) => block.text).join('\n');
        const providerOptions =
          typeof system === 'string' ? undefined : cacheControlOptions(...system.map((b) => b.cache_control));
        messages.push(
          providerOptions ? { role: 'system', content, providerOptions } : { role: 'system', content },
        );
      }
      request.messages.forEach((message, index) => {
        if (typeof message.content === 'string') {
          messages.push({ role: message.role, content: message.content });
          return;
        }
        const blocks = message.content;
        if (message.role === 'assistant') {
          messages.push(
            withCache({ role: 'assistant', content: assistantContent(blocks, toolNames, index) }, blocks),
          );
          return;
        }
        const results = blocks.filter(isToolResult);
        const others = blocks.filter((block) => block.type !== 'tool_result');
        if (results.length > 0) {
          const content = results.map((block) =>
            toolResult(block, toolNames, () => location(index, blocks.indexOf(block))),
          );
          messages.push(withCache({ role: 'tool', content }, results));
        }
        if (others.length > 0 || results.length === 0) {
          messages.push(withCache({ role: 'user', content: userContent(others) }, others));
        }
      });
      const model = request.model ?? undefined;
      const tools = request.tools?.map((tool): ToolDefinition => {
        const definition: ToolDefinition = {
          name: tool.name,
          inputSchema: tool.input_schema ?? { type: 'object' },
        };
        if (tool.description) definition.description = tool.description;
        return definition;
      });
      return [conversationTranscript({ format: 'anthropic-messages', file, model, messages, tools })];

      function location(message: number, block: number): string {
        return formatLocation(['messages', message, 'content', block, 'tool_use_id'], lines);
      }

      function toolResult(
        block: AnthropicBlock,
        names: OpenToolCalls<string>,
        where: () => string,
      ): ToolResultPart {
        if (block.type !== 'tool_result') throw new Error('expected a tool_result block');
        const toolName = names.answer(block.tool_use_id);
        if (toolName === undefined) {
          throw new TranscriptFormatError({
            file,
            location: where(),
            expected: 'the id of a tool_use block in an earlier assistant message',
            found: `${JSON.stringify(block.tool_use_id)}, which no earlier assistant message uses`,
          });
        }
        const text =
          typeof block.content === 'string'
            ? block.content
            : (block.content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('\n');
        return {
          type: 'tool-result',
          toolCallId: block.tool_use_id,
          toolName,
          output: block.is_error ? { type: 'error-text', value: text } : { type: 'text', value: text },
        };
      }
    },
  };
}

type ToolResultBlock = Extract<AnthropicBlock, { type: 'tool_result' }>;

function isToolResult(block: AnthropicBlock): block is ToolResultBlock {
  return block.type === 'tool_result';
}

function withCache<T extends ModelMessage>(message: T, blocks: readonly AnthropicBlock[]): T {
  const providerOptions = cacheControlOptions(
    ...blocks.map((block) => (block as { cache_control?: CacheControl | null }).cache_control),
  );
  return providerOptions === undefined ? message : { ...message, providerOptions };
}

function assistantContent(
  blocks: readonly AnthropicBlock[],
  toolNames: OpenToolCalls<string>,
  step: number,
): AssistantContent {
  return blocks.flatMap((block): Exclude<AssistantContent, string> => {
    switch (block.type) {
      case 'text':
        return [{ type: 'text', text: block.text }];
      case 'tool_use':
        toolNames.call(block.id, step, block.name);
        return [{ type: 'tool-call', toolCallId: block.id, toolName: block.name, input: block.input ?? {} }];
      case 'thinking':
        return [{ type: 'reasoning', text: block.thinking }];
      case 'server_tool_use':
        toolNames.call(block.id, step, block.name);
        return [
          {
            type: 'tool-call',
            toolCallId: block.id,
            toolName: block.name,
            input: block.input ?? {},
            providerExecuted: true,
          },
        ];
      case 'web_search_tool_result':
      case 'web_fetch_tool_result':
      case 'code_execution_tool_result':
      case 'bash_code_execution_tool_result':
      case 'text_editor_code_execution_tool_result':
        return [
          {
            type: 'tool-result',
            toolCallId: block.tool_use_id,
            toolName: toolNames.answer(block.tool_use_id) ?? block.type.replace(/_tool_result$/, ''),
            output: { type: 'json', value: toJsonValue(block.content) },
          },
        ];
      default:
        return [];
    }
  });
}

function userContent(blocks: readonly AnthropicBlock[]): UserContent {
  return blocks.flatMap((block): Array<TextPart | FilePart> => {
    if (block.type === 'text') return [{ type: 'text', text: block.text }];
    if (block.type === 'document') return documentContent(block);
    if (block.type !== 'image') return [];
    const source = block.source;
    return source.type === 'base64'
      ? [{ type: 'file', mediaType: source.media_type, data: source.data }]
      : [
          {
            type: 'file',
            mediaType: 'image',
            data: URL.canParse(source.url) ? new URL(source.url) : source.url,
          },
        ];
  });
}

/** A `document` block: a PDF as a file part, plain text or custom content as text (with its title). */
function documentContent(block: Extract<AnthropicBlock, { type: 'document' }>): Array<TextPart | FilePart> {
  const source = block.source;
  const title = block.title ? `${block.title}\n` : '';
  switch (source.type) {
    case 'base64':
      return [{ type: 'file', mediaType: source.media_type, data: source.data }];
    case 'url':
      return [
        {
          type: 'file',
          mediaType: 'application/pdf',
          data: URL.canParse(source.url) ? new URL(source.url) : source.url,
        },
      ];
    case 'file':
      return [
        {
          type: 'file',
          mediaType: 'application/pdf',
          data: { type: 'reference', reference: { anthropic: source.file_id } },
        },
      ];
    case 'text':
      return [{ type: 'text', text: `${title}${source.data}` }];
    case 'content': {
      const text =
        typeof source.content === 'string'
          ? source.content
          : source.content.map((part) => part.text).join('\n');
      return [{ type: 'text', text: `${title}${text}` }];
    }
  }
}

/** A server tool's result content as JSON (it already is: it came from JSON). */
function toJsonValue(value: unknown): JSONValue {
  return (value ?? null) as JSONValue;
}
