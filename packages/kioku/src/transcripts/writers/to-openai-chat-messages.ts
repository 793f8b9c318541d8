import type { ModelMessage, ToolResultPart } from 'ai';
import { toolOutputText } from '../../messages/message-text.js';
import { mediaPartSource } from './media-part-source.js';

/** An OpenAI chat-completions message, as kioku writes one. */
export type OpenAIChatMessageOut = Record<string, unknown> & { role: string };

/**
 * A history as OpenAI chat-completions messages: tool calls as `tool_calls` (arguments as JSON strings),
 * one `tool` message per result, images as `image_url`. Reasoning has no place in this format and is left
 * out, as are kioku's own `providerOptions` marks (the summary keeps its marker line in its text).
 */
export function toOpenAIChatMessages(messages: readonly ModelMessage[]): OpenAIChatMessageOut[] {
  return messages.flatMap((message): OpenAIChatMessageOut[] => {
    switch (message.role) {
      case 'system':
        return [{ role: 'system', content: message.content }];
      case 'user':
        if (typeof message.content === 'string') return [{ role: 'user', content: message.content }];
        return [
          {
            role: 'user',
            content: message.content.flatMap((part): Array<Record<string, unknown>> => {
              if (part.type === 'text') return [{ type: 'text', text: part.text }];
              const source = mediaPartSource(part);
              if (source === undefined) return [];
              const url =
                source.kind === 'url' ? source.url : `data:${source.mediaType};base64,${source.data}`;
              return [{ type: 'image_url', image_url: { url } }];
            }),
          },
        ];
      case 'assistant': {
        if (typeof message.content === 'string') return [{ role: 'assistant', content: message.content }];
        const text = message.content.flatMap((part) =>
          part.type === 'text' ? [{ type: 'text', text: part.text }] : [],
        );
        const calls = message.content.flatMap((part) =>
          part.type === 'tool-call'
            ? [
                {
                  id: part.toolCallId,
                  type: 'function',
                  function: { name: part.toolName, arguments: JSON.stringify(part.input ?? {}) },
                },
              ]
            : [],
        );
        return [
          {
            role: 'assistant',
            content: text.length === 0 ? (calls.length > 0 ? null : '') : text,
            ...(calls.length === 0 ? {} : { tool_calls: calls }),
          },
        ];
      }
      default: // a tool message
        return message.content.flatMap((part) =>
          part.type === 'tool-result'
            ? [{ role: 'tool', tool_call_id: part.toolCallId, content: toolContent(part.output) }]
            : [],
        );
    }
  });
}

/** A tool result's content: its text, or text parts when it has several. */
function toolContent(output: ToolResultPart['output']): string | Array<{ type: 'text'; text: string }> {
  if (output.type === 'content' && output.value.every((item) => item.type === 'text')) {
    return output.value.map((item) => ({ type: 'text', text: item.type === 'text' ? item.text : '' }));
  }
  return toolOutputText(output);
}
