import type { ModelMessage } from 'ai';
import type { HistoryLayout } from './history-layout.js';

/**
 * `historyLayout` of a conversation's history, kept as it grows: each call reads only the messages it has
 * not seen, and takes a message replaced in place by one of the same role and pin (a cache breakpoint
 * moved, an output masked) as it is; any other change reads the history again. The layout returned is
 * the tracker's own (read it, do not change it); with a `question` it is a copy.
 *
 * @example
 * const layoutOf = layoutTracker();
 * layoutOf(history).summarizable; // as historyLayout(history).summarizable
 */
export function layoutTracker(): (messages: readonly ModelMessage[], question?: number) => HistoryLayout {
  let read: ModelMessage[] = [];
  let kept = new Set<number>();
  let summarizable: number[] = [];
  let firstUser = -1;
  let stepStart = 0;
  let stepByAssistant = false;
  let stepPinned = false;

  const pinnedAt = (message: ModelMessage, index: number) =>
    index === firstUser || message.providerOptions?.kioku?.pinned === true;
  const add = (message: ModelMessage, index: number) => {
    const previous = read[index - 1];
    const role = message.role;
    const starts =
      index === 0 ||
      role === 'assistant' ||
      (role !== 'tool' && (previous?.role === 'tool' || previous?.role === 'assistant'));
    if (starts) {
      stepStart = index;
      stepByAssistant = role === 'assistant';
      stepPinned = false;
    }
    if (role === 'user' && firstUser === -1) firstUser = index;
    const pinned = pinnedAt(message, index);
    if (pinned && !stepPinned) {
      stepPinned = true;
      // A tool call with its results is kept whole once one of its messages is pinned.
      if (stepByAssistant) {
        while ((summarizable.at(-1) ?? -1) >= stepStart) kept.add(summarizable.pop() as number);
      }
    }
    read.push(message);
    if (role === 'system' || (stepPinned && (stepByAssistant || pinned))) kept.add(index);
    else summarizable.push(index);
  };
  const follows = (messages: readonly ModelMessage[]): boolean => {
    if (messages.length < read.length) return false;
    for (let index = 0; index < read.length; index += 1) {
      const given = messages[index] as ModelMessage;
      const known = read[index] as ModelMessage;
      if (given === known) continue;
      if (given.role !== known.role || pinnedAt(given, index) !== pinnedAt(known, index)) return false;
      read[index] = given;
    }
    return true;
  };

  return (messages, question) => {
    if (!follows(messages)) {
      read = [];
      kept = new Set();
      summarizable = [];
      firstUser = -1;
      stepStart = 0;
      stepByAssistant = false;
      stepPinned = false;
    }
    for (let index = read.length; index < messages.length; index += 1)
      add(messages[index] as ModelMessage, index);
    const tail = tailStart(messages);
    if (question === undefined || messages[question]?.role !== 'user' || kept.has(question)) {
      return { summarizable, kept, tail };
    }
    return {
      summarizable: summarizable.filter((index) => index !== question),
      kept: new Set([...kept, question]),
      tail,
    };
  };
}

/** Where the tail no summary may reach starts (see `HistoryLayout.tail`). */
export function tailStart(messages: readonly ModelMessage[]): number {
  const last = messages.at(-1)?.role;
  if (last === 'tool') {
    return Math.max(
      0,
      messages.findLastIndex((message) => message.role === 'assistant'),
    );
  }
  if (last !== 'user') return messages.length;
  let start = messages.length;
  while (messages[start - 1]?.role === 'user') start -= 1;
  return start;
}
