import type { ModelMessage } from 'ai';
import { toolOutputText } from '../messages/message-text.js';
import { mediaOfPart } from './media-of-part.js';
import type { MediaPart } from './media-part.js';

/** A tool call as the model wrote it. */
export interface ToolCallPiece {
  name: string;
  /** Parsed arguments, or the raw string when they were not valid JSON. */
  input: unknown;
}

/** A tool result as the model reads it. */
export interface ToolResultPiece {
  name: string;
  output: string;
}

/** The parts of one message a template renders. */
export interface MessageParts {
  /** Text parts; files and images as a `[file media/type]` placeholder. */
  texts: string[];
  /** Reasoning parts, which a template renders only where its provider bills them. */
  reasoning: string[];
  /** Images and PDFs, which a counter prices by its provider's rules (`MediaTokens`). */
  media: MediaPart[];
  toolCalls: ToolCallPiece[];
  toolResults: ToolResultPiece[];
}

/** Splits a message into text, reasoning, tool calls and tool results. */
export function messageParts(message: ModelMessage): MessageParts {
  const parts: MessageParts = { texts: [], reasoning: [], media: [], toolCalls: [], toolResults: [] };
  if (typeof message.content === 'string') {
    parts.texts.push(message.content);
    return parts;
  }
  for (const part of message.content) {
    switch (part.type) {
      case 'text':
        parts.texts.push(part.text);
        break;
      case 'reasoning':
        parts.reasoning.push(part.text);
        break;
      case 'tool-call':
        parts.toolCalls.push({ name: part.toolName, input: part.input });
        break;
      case 'tool-result':
        parts.toolResults.push({ name: part.toolName, output: toolOutputText(part.output) });
        break;
      case 'file':
      case 'image': {
        const mediaType = part.mediaType ?? '';
        parts.texts.push(`[file ${mediaType}]`);
        const media = mediaOfPart(part.type === 'file' ? part.data : part.image, part.mediaType);
        if (media !== undefined) parts.media.push(media);
        break;
      }
      default:
        break;
    }
  }
  return parts;
}

/** Tool-call arguments as JSON text (a raw string stays as it is). */
export function argumentsJson(input: unknown): string {
  return typeof input === 'string' ? input : JSON.stringify(input ?? {});
}
