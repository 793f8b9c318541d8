import type { ModelMessage } from 'ai';
import { messageText } from '../messages/message-text.js';

/** One piece of an evicted message, as it is embedded and stored. */
export interface MessageChunk {
  /** Index of the message in the session's original history (`firstPosition` + its index in the list). */
  position: number;
  /** Index of the piece within its message (0 when the message fits in one). */
  chunk: number;
  role: ModelMessage['role'];
  text: string;
}

/** Options of {@link chunkMessages}. */
export interface ChunkMessagesOptions {
  /** Position of the first message in the session's history (default 0). */
  firstPosition?: number;
  /**
   * A message longer than this is split (default 1,000 characters, about 250 tokens: a detail in a
   * smaller piece weighs more in its embedding).
   */
  maxCharacters?: number;
  /** Consecutive pieces of one message share this many characters (default 100). */
  overlap?: number;
}

const boundaries = ['\n\n', '\n', '. ', ' '];

/**
 * Cuts messages into pieces small enough to embed well: one per message (its text, tool calls as
 * `name(arguments)`, tool results as their output), a long message split at paragraph, line, sentence or
 * word boundaries into pieces of at most `maxCharacters` that overlap by `overlap`. Messages without text
 * (an image alone) give no piece.
 */
export function chunkMessages(
  messages: readonly ModelMessage[],
  { firstPosition = 0, maxCharacters = 1000, overlap = 100 }: ChunkMessagesOptions = {},
): MessageChunk[] {
  const shared = Math.max(0, Math.min(overlap, Math.floor(maxCharacters / 2)));
  return messages.flatMap((message, index) =>
    splitText(messageText(message).trim(), maxCharacters, shared).map((text, chunk) => ({
      position: firstPosition + index,
      chunk,
      role: message.role,
      text,
    })),
  );
}

function splitText(text: string, max: number, overlap: number): string[] {
  if (text === '') return [];
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + max, text.length);
    if (end < text.length) {
      const window = text.slice(start + Math.floor(max / 2), end);
      for (const boundary of boundaries) {
        const at = window.lastIndexOf(boundary);
        if (at >= 0) {
          end = start + Math.floor(max / 2) + at + boundary.length;
          break;
        }
      }
    }
    pieces.push(text.slice(start, end).trim());
    if (end >= text.length) break;
    start = Math.max(end - overlap, start + 1);
  }
  return pieces.filter((piece) => piece !== '');
}
