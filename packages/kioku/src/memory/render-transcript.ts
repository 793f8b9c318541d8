import type { ModelMessage } from 'ai';
import { messageText } from '../messages/message-text.js';

/** Options of {@link renderTranscript}. */
export interface RenderTranscriptOptions {
  /** The whole transcript is cut to about this many characters, keeping its start and its end. */
  maxCharacters: number;
  /** One message is cut to this many characters, keeping its start and its end. */
  maxMessageCharacters: number;
}

/**
 * A history as plain text for a model to read (`### user`, `### assistant`, `### tool <name>` headings),
 * cut to fit: long messages keep their start and end, and a long history keeps its first quarter and its
 * last three quarters, the omitted part marked as such.
 */
export function renderTranscript(
  messages: readonly ModelMessage[],
  { maxCharacters, maxMessageCharacters }: RenderTranscriptOptions,
): string {
  const text = messages
    .map((message) => `### ${heading(message)}\n${cut(messageText(message), maxMessageCharacters)}`)
    .join('\n\n');
  return cut(text, maxCharacters, 0.25);
}

function heading(message: ModelMessage): string {
  if (message.role !== 'tool' || typeof message.content === 'string') return message.role;
  const names = [
    ...new Set(message.content.flatMap((part) => (part.type === 'tool-result' ? [part.toolName] : []))),
  ];
  return names.length === 0 ? 'tool' : `tool ${names.join(', ')}`;
}

function cut(text: string, max: number, headShare = 0.5): string {
  if (text.length <= max) return text;
  const head = Math.floor(max * headShare);
  const tail = max - head;
  return `${text.slice(0, head)}\n[… ${text.length - max} characters omitted …]\n${text.slice(text.length - tail)}`;
}
