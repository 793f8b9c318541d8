import type { ModelMessage } from 'ai';
import { toolOutputText } from '../../messages/message-text.js';
import { mediaPartSource } from './media-part-source.js';

/** An Anthropic Messages request's `system` and `messages`, as kioku writes them. */
export interface AnthropicConversation {
  system?: string;
  messages: Array<{ role: 'user' | 'assistant'; content: string | Array<Record<string, unknown>> }>;
}

/**
 * A history as an Anthropic Messages request: leading system messages become `system`, tool results
 * `tool_result` blocks in a user message, tool calls `tool_use` blocks, reasoning `thinking` blocks, images
 * `image` blocks.
 */
export function toAnthropicConversation(messages: readonly ModelMessage[]): AnthropicConversation {
  const system = messages.filter((message) => message.role === 'system').map((message) => message.content);
  const conversation: AnthropicConversation['messages'] = messages.flatMap(
    (message): AnthropicConversation['messages'] => {
      switch (message.role) {
        case 'system':
          return [];
        case 'user':
          if (typeof message.content === 'string') return [{ role: 'user', content: message.content }];
          return [
            {
              role: 'user',
              content: message.content.flatMap((part): Array<Record<string, unknown>> => {
                if (part.type === 'text') return [{ type: 'text', text: part.text }];
                const source = mediaPartSource(part);
                if (source === undefined) return [];
                return [
                  {
                    type: 'image',
                    source:
                      source.kind === 'url'
                        ? { type: 'url', url: source.url }
                        : { type: 'base64', media_type: source.mediaType, data: source.data },
                  },
                ];
              }),
            },
          ];
        case 'assistant':
          if (typeof message.content === 'string') return [{ role: 'assistant', content: message.content }];
          return [
            {
              role: 'assistant',
              content: message.content.flatMap((part): Array<Record<string, unknown>> => {
                if (part.type === 'text') return [{ type: 'text', text: part.text }];
                if (part.type === 'reasoning') return [{ type: 'thinking', thinking: part.text }];
                if (part.type === 'tool-call') {
                  return [
                    { type: 'tool_use', id: part.toolCallId, name: part.toolName, input: part.input ?? {} },
                  ];
                }
                return [];
              }),
            },
          ];
        default: // a tool message
          return [
            {
              role: 'user',
              content: message.content.flatMap((part) =>
                part.type === 'tool-result'
                  ? [
                      {
                        type: 'tool_result',
                        tool_use_id: part.toolCallId,
                        content: toolOutputText(part.output),
                        ...(part.output.type === 'error-text' || part.output.type === 'error-json'
                          ? { is_error: true }
                          : {}),
                      },
                    ]
                  : [],
              ),
            },
          ];
      }
    },
  );
  return system.length === 0
    ? { messages: conversation }
    : { system: system.join('\n'), messages: conversation };
}
