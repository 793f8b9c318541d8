import type { ModelMessage } from 'ai';
import { openToolCalls } from './open-tool-calls.js';

/** Reads a history in order and gives each tool call an id no earlier call used (see {@link distinctToolCallIds}). */
export interface ToolCallIdRenamer {
  /** The next message of the history with its ids made distinct: itself when none changes, else a copy. */
  next(message: ModelMessage): ModelMessage;
  /** Each id given in place of a reused one → the id the history holds. */
  readonly originals: ReadonlyMap<string, string>;
}

/**
 * A {@link ToolCallIdRenamer}: reads a history message by message, as {@link distinctToolCallIds} does
 * for a whole one, so a history that grows is renamed once per new message.
 */
export function toolCallIdRenamer(): ToolCallIdRenamer {
  /** Every id given so far, kept or new. */
  const used = new Set<string>();
  const open = openToolCalls<string>();
  const originals = new Map<string, string>();
  let step = 0;

  const fresh = (id: string): string => {
    let given = id;
    for (let n = 2; used.has(given); n += 1) given = `${id}-${n}`;
    used.add(given);
    if (given !== id) originals.set(given, id);
    return given;
  };
  /** The part with `toolCallId` as given, itself when it is the same. */
  const renamed = <Part extends { toolCallId: string }>(part: Part, given: string): Part =>
    given === part.toolCallId ? part : { ...part, toolCallId: given };
  const copied = <Message extends ModelMessage>(message: Message, content: readonly unknown[]): Message =>
    content.every((part, index) => part === (message.content as readonly unknown[])[index])
      ? message
      : { ...message, content };

  return {
    originals,
    next(message) {
      if (typeof message.content === 'string') return message;
      if (message.role === 'assistant') {
        step += 1;
        /** The ids given in this message, per id it holds: an approval request names the latest. */
        const latest = new Map<string, string>();
        const content = message.content.map((part) => {
          if (part.type === 'tool-call') {
            const given = fresh(part.toolCallId);
            open.call(part.toolCallId, step, given);
            latest.set(part.toolCallId, given);
            return renamed(part, given);
          }
          if (part.type === 'tool-approval-request') {
            return renamed(part, latest.get(part.toolCallId) ?? part.toolCallId);
          }
          // A provider-executed tool answers in the message that called it.
          if (part.type === 'tool-result')
            return renamed(part, open.answer(part.toolCallId) ?? part.toolCallId);
          return part;
        });
        return copied(message, content);
      }
      if (message.role === 'tool') {
        const content = message.content.map((part) =>
          part.type === 'tool-result' ? renamed(part, open.answer(part.toolCallId) ?? part.toolCallId) : part,
        );
        return copied(message, content);
      }
      return message;
    },
  };
}

/**
 * `messages` with every tool call under an id no earlier call used, so ids that a provider reuses (a
 * constant id such as llama.cpp's, `call_0` at every step, ids numbered per turn) name one call each. An
 * id is told apart by position: the first call with an id keeps it; a later call with the same id is a
 * new call and becomes `<id>-2` (`-3`…, the first suffix no call used); a result takes the id of the call
 * it answers (`openToolCalls`: the oldest call still waiting of the latest step that called its id). A history
 * whose ids are distinct comes back as the same messages; a message whose ids change is copied.
 *
 * @example
 * distinctToolCallIds(history); // the second `call_0` call and its result become `call_0-2`
 */
export function distinctToolCallIds(messages: readonly ModelMessage[]): ModelMessage[] {
  const renamer = toolCallIdRenamer();
  return messages.map((message) => renamer.next(message));
}
