import type { ModelMessage } from 'ai';
import { messageText } from './message-text.js';

const encoder = new TextEncoder();

/** Size of a message's visible text: characters (UTF-16 code units, as `length`) and UTF-8 bytes. */
export interface MessageSize {
  characters: number;
  bytes: number;
}

/** Characters and UTF-8 bytes of what the model sees of `message` (see `messageText`). */
export function messageSize(message: ModelMessage): MessageSize {
  const text = messageText(message);
  return { characters: text.length, bytes: encoder.encode(text).byteLength };
}
