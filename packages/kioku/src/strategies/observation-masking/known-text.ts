import type { ModelMessage } from 'ai';
import { isObservation } from '../../messages/observation-mark.js';
import { messageStrings } from '../summarization/facts/message-strings.js';

/**
 * What the agent holds outside tool outputs, up to each message of its history (see {@link knownText}).
 */
export interface KnownText {
  /**
   * Whether the messages before `index` of `messages`, tool outputs and observations aside (the task,
   * the agent's own text and calls), hold `value`: their strings (`messageStrings` with scalars), joined
   * by line breaks, contain it.
   */
  holds(messages: readonly ModelMessage[], index: number, value: string): boolean;
}

/** Length of the pieces of text the index records the first place of. */
const gram = 4;

/**
 * An index of what an agent holds outside tool outputs, built once and as the history grows: the text
 * of the messages that count, one string, and where each four characters of it first occur. Asking
 * whether a value is held before a message looks its pieces up (a value with a piece first seen later,
 * or never, is not held) and searches the text only when every piece is there, once per value (the
 * place found is remembered; a value not found is searched again only in text added since). Memory grows
 * with the history's text, never with the number of questions; a different history (not the one read
 * so far grown) is read anew.
 *
 * @example
 * const known = knownText();
 * known.holds(history, 12, 'host-7'); // true when the task or an earlier call named host-7
 */
export function knownText(): KnownText {
  let read: ModelMessage[] = [];
  /** `ends[i]`: the length of the text of the messages before message `i`. */
  let ends: number[] = [0];
  /** The text, as pieces appended since it was last joined, and the joined part. */
  let joined = '';
  let pending: string[] = [];
  let length = 0;
  let counted = 0;
  /** Per hash of four characters: the first place they occur. */
  let firsts = new Map<number, number>();
  /** Per value asked about: its first place (-1: none in the text's first `searched` characters). */
  let places = new Map<string, { at: number; searched: number }>();
  /** The last characters before the text appended next, to index the pieces that span the join. */
  let tail = '';

  const reset = () => {
    last = undefined;
    read = [];
    ends = [0];
    joined = '';
    pending = [];
    length = 0;
    counted = 0;
    firsts = new Map();
    places = new Map();
    tail = '';
  };
  const append = (piece: string) => {
    const start = length - tail.length;
    const span = tail + piece;
    for (let at = 0; at + gram <= span.length; at += 1) {
      const hash = hashAt(span, at);
      if (!firsts.has(hash)) firsts.set(hash, start + at);
    }
    tail = span.slice(Math.max(0, span.length - (gram - 1)));
    pending.push(piece);
    length += piece.length;
  };
  const text = (): string => {
    if (pending.length > 0) {
      joined += pending.join('');
      pending = [];
    }
    return joined;
  };
  /** The history last read: asked again about it (one call's digests), nothing is compared. */
  let last: readonly ModelMessage[] | undefined;
  const update = (messages: readonly ModelMessage[]) => {
    if (messages === last && messages.length === read.length) return;
    last = messages;
    let grown = messages.length >= read.length;
    for (let index = 0; grown && index < read.length; index += 1) grown = messages[index] === read[index];
    if (!grown) reset();
    for (let index = read.length; index < messages.length; index += 1) {
      const message = messages[index] as ModelMessage;
      read.push(message);
      if (message.role !== 'tool' && !isObservation(message)) {
        append(`${counted === 0 ? '' : '\n'}${messageStrings(message, { scalars: true }).join('\n')}`);
        counted += 1;
      }
      ends.push(length);
    }
  };
  const firstPlace = (value: string): number => {
    let place = places.get(value);
    if (place === undefined || (place.at === -1 && place.searched < length)) {
      const from = place === undefined ? 0 : Math.max(0, place.searched - value.length + 1);
      place = { at: text().indexOf(value, from), searched: length };
      places.set(value, place);
    }
    return place.at;
  };

  return {
    holds(messages, index, value) {
      update(messages);
      const end = ends[index] ?? length;
      if (value.length > end) return false;
      // Every piece of an occurrence before `end` first occurs before `end` too.
      for (let at = 0; at + gram <= value.length; at += 1) {
        const first = firsts.get(hashAt(value, at));
        if (first === undefined || first + gram > end) return false;
      }
      const place = firstPlace(value);
      return place !== -1 && place + value.length <= end;
    },
  };
}

/** A hash of the four characters of `text` at `at` (pieces that collide only cost a search). */
function hashAt(text: string, at: number): number {
  let hash = 0;
  for (let offset = 0; offset < gram; offset += 1) {
    hash = (Math.imul(hash, 65_599) + text.charCodeAt(at + offset)) | 0;
  }
  return hash;
}
