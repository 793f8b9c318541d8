import type { ModelMessage, ToolResultPart } from 'ai';
import { toolOutputText } from '../../messages/message-text.js';
import { messageStrings } from '../summarization/facts/message-strings.js';

/** Words of an output that can be values an agent copies: 6+ characters of names, ids, paths, numbers. */
const valuePattern = /[\w$][\w$.:/@-]{4,}[\w$]/g;

/** Tells whether the agent went on to use what a tool output held (see {@link outputReferences}). */
export interface OutputReferences {
  /**
   * Whether the agent's messages after message `index` (their text and tool-call inputs) carry a value of
   * `part`'s output that its own call's input did not carry.
   */
  referenced(messages: readonly ModelMessage[], index: number, part: ToolResultPart): boolean;
}

/**
 * A reader of which tool outputs the agent drew on: an output whose values (words of 6+ characters — names,
 * ids, paths, numbers — its own call's input left aside) reappear in the agent's later messages is one
 * it acts on, such as a lookup whose ids feed later calls or a schema whose names its queries use; a log
 * it only read is not. Once referenced an output stays so (later messages only add references), so the
 * answer is remembered per part; messages' words are read once per message object.
 *
 * @example
 * const references = outputReferences();
 * references.referenced(messages, 3, toolResultPart); // true when one of its values was used later
 */
export function outputReferences(): OutputReferences {
  const wordsOf = new WeakMap<object, Set<string>>();
  const known = new WeakMap<ToolResultPart, true>();
  /** Per unreferenced part: the message it was last checked up to (exclusive), to read only newer ones. */
  const checked = new WeakMap<ToolResultPart, { end: number; last: ModelMessage | undefined }>();
  const words = (key: object, text: () => string): Set<string> => {
    let set = wordsOf.get(key);
    if (set === undefined) {
      set = new Set(text().match(valuePattern) ?? []);
      wordsOf.set(key, set);
    }
    return set;
  };
  const messageWords = (message: ModelMessage) => words(message, () => messageStrings(message).join('\n'));
  return {
    referenced(messages, index, part) {
      if (known.has(part)) return true;
      const values = words(part, () => toolOutputText(part.output));
      if (values.size === 0) return false;
      const own = ownInput(messages, index, part.toolCallId);
      // Messages up to where the part was last found unreferenced need no second look when they are the
      // same (the history grew since); otherwise every later message is read again.
      const previous = checked.get(part);
      const from =
        previous !== undefined &&
        previous.end <= messages.length &&
        messages[previous.end - 1] === previous.last
          ? previous.end
          : index + 1;
      checked.set(part, { end: messages.length, last: messages[messages.length - 1] });
      const later: Set<string>[] = [];
      for (let at = from; at < messages.length; at += 1) {
        const message = messages[at];
        if (message?.role === 'assistant') later.push(messageWords(message));
      }
      if (later.length === 0) return false;
      for (const value of values) {
        if (own?.has(value) === true || !later.some((set) => set.has(value))) continue;
        known.set(part, true);
        return true;
      }
      return false;
    },
  };

  /** The words of the input of the call `toolCallId`, found in the assistant messages before `index`. */
  function ownInput(messages: readonly ModelMessage[], index: number, toolCallId: string) {
    for (let at = index - 1; at >= 0; at -= 1) {
      const message = messages[at];
      if (message?.role !== 'assistant' || typeof message.content === 'string') continue;
      for (const call of message.content) {
        if (call.type === 'tool-call' && call.toolCallId === toolCallId) {
          return words(call, () => messageStrings({ role: 'assistant', content: [call] }).join('\n'));
        }
      }
    }
    return undefined;
  }
}
