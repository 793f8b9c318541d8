import type { ModelMessage } from 'ai';
import { toolOutputText } from '../../messages/message-text.js';
import { mediaPartSource } from './media-part-source.js';

/** A Gemini `generateContent` request's `systemInstruction` and `contents`, as kioku writes them. */
export interface GeminiConversation {
  systemInstruction?: { parts: Array<{ text: string }> };
  contents: Array<{ role: 'user' | 'model'; parts: Array<Record<string, unknown>> }>;
}

/**
 * A history as Gemini `contents`: assistant messages as `model` turns (reasoning as `thought` parts, tool
 * calls as `functionCall`), tool results as `functionResponse` parts of a user turn (a JSON object result
 * as it is, anything else as `{ output }`), files as `inlineData`/`fileData`.
 */
export function toGeminiConversation(messages: readonly ModelMessage[]): GeminiConversation {
  const system = messages.filter((message) => message.role === 'system').map((message) => message.content);
  const contents = messages.flatMap((message): GeminiConversation['contents'] => {
    switch (message.role) {
      case 'system':
        return [];
      case 'user': {
        if (typeof message.content === 'string')
          return [{ role: 'user', parts: [{ text: message.content }] }];
        const parts = message.content.flatMap((part): Array<Record<string, unknown>> => {
          if (part.type === 'text') return [{ text: part.text }];
          const source = mediaPartSource(part);
          if (source === undefined) return [];
          return source.kind === 'url'
            ? [{ fileData: { mimeType: source.mediaType, fileUri: source.url } }]
            : [{ inlineData: { mimeType: source.mediaType, data: source.data } }];
        });
        return parts.length === 0 ? [] : [{ role: 'user', parts }];
      }
      case 'assistant': {
        if (typeof message.content === 'string')
          return [{ role: 'model', parts: [{ text: message.content }] }];
        const parts = message.content.flatMap((part): Array<Record<string, unknown>> => {
          if (part.type === 'text') return [{ text: part.text }];
          if (part.type === 'reasoning') return [{ text: part.text, thought: true }];
          if (part.type === 'tool-call') {
            return [{ functionCall: { id: part.toolCallId, name: part.toolName, args: part.input ?? {} } }];
          }
          return [];
        });
        return parts.length === 0 ? [] : [{ role: 'model', parts }];
      }
      default: {
        // a tool message
        const parts = message.content.flatMap((part): Array<Record<string, unknown>> => {
          if (part.type !== 'tool-result') return [];
          const { output } = part;
          const response =
            output.type === 'json' &&
            typeof output.value === 'object' &&
            output.value !== null &&
            !Array.isArray(output.value)
              ? output.value
              : { output: toolOutputText(output) };
          return [{ functionResponse: { id: part.toolCallId, name: part.toolName, response } }];
        });
        return parts.length === 0 ? [] : [{ role: 'user', parts }];
      }
    }
  });
  return system.length === 0
    ? { contents }
    : { systemInstruction: { parts: [{ text: system.join('\n') }] }, contents };
}
