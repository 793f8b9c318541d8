import type { ModelMessage } from 'ai';
import { splitSteps } from '../../messages/split-turns.js';
import { pinnedIndexes } from '../internal/pinned-indexes.js';
import { tailStart } from './layout-tracker.js';

/** Which messages of a history a summary may replace. */
export interface HistoryLayout {
  /**
   * Indexes of the messages a summary may replace, in order: all but system messages, pinned messages
   * and the rest of a pinned message's step (a pinned tool call keeps its result).
   */
  summarizable: number[];
  /** Indexes of the messages kept verbatim wherever they are. */
  kept: Set<number>;
  /**
   * Index from which no summary may reach: the user messages that end the history (the question the
   * next call answers), or the assistant message whose tool calls the trailing tool results answer (the
   * next call needs them). `messages.length` when the history ends otherwise.
   */
  tail: number;
}

/**
 * The {@link HistoryLayout} of a history; `question`, the index of a user message a summary passed over
 * while it was the latest one, is kept verbatim too.
 */
export function historyLayout(messages: readonly ModelMessage[], question?: number): HistoryLayout {
  const pinned = pinnedIndexes(messages);
  const kept = new Set<number>();
  if (question !== undefined && messages[question]?.role === 'user') kept.add(question);
  messages.forEach((message, index) => {
    if (message.role === 'system') kept.add(index);
  });
  for (const { start, end } of splitSteps(messages)) {
    const step = Array.from({ length: end - start }, (_, offset) => start + offset);
    if (!step.some((index) => pinned.has(index))) continue;
    // A step opened by the assistant is a tool call with its results: kept whole. Otherwise it is a run
    // of user messages, each its own.
    for (const index of step) {
      if (messages[start]?.role === 'assistant' || pinned.has(index)) kept.add(index);
    }
  }
  const summarizable = messages.flatMap((_, index) => (kept.has(index) ? [] : [index]));
  return { summarizable, kept, tail: tailStart(messages) };
}

/** A history as a summary leaves it. */
export interface SummarizedView {
  messages: ModelMessage[];
  /** For each message of the view, its index in the history; -1 for the summary. */
  origin: number[];
  /** Index in the history of the first message after the summarized part (0 when nothing is). */
  cutIndex: number;
  /** Indexes in the history of the messages the summary replaces. */
  replaced: number[];
}

/** A history with nothing summarized, as a {@link SummarizedView}. */
export function wholeView(messages: readonly ModelMessage[]): SummarizedView {
  return {
    messages: messages.slice(),
    // Asked for only when a summary is made: not built at every call.
    get origin() {
      return messages.map((_, index) => index);
    },
    cutIndex: 0,
    replaced: [],
  };
}

/**
 * The view of a history where its first `folded` summarizable messages are replaced by `summary`: the
 * messages kept before the cut (system prompt, task, pinned ones) in order, the summary, then every
 * message from the cut on. `undefined` when the state does not fit the history (it holds fewer
 * summarizable messages, or the cut would separate a tool call from its result).
 */
export function summarizedView(
  messages: readonly ModelMessage[],
  layout: HistoryLayout,
  folded: number,
  summary: ModelMessage | undefined,
): SummarizedView | undefined {
  if (folded === 0 || summary === undefined) return wholeView(messages);
  if (folded > layout.summarizable.length) return undefined;
  const cutIndex = (layout.summarizable[folded - 1] ?? 0) + 1;
  if (messages[cutIndex]?.role === 'tool') return undefined;
  const view: ModelMessage[] = [];
  const origin: number[] = [];
  for (let index = 0; index < cutIndex; index += 1) {
    if (!layout.kept.has(index)) continue;
    view.push(messages[index] as ModelMessage);
    origin.push(index);
  }
  view.push(summary);
  origin.push(-1);
  for (let index = cutIndex; index < messages.length; index += 1) {
    view.push(messages[index] as ModelMessage);
    origin.push(index);
  }
  return { messages: view, origin, cutIndex, replaced: layout.summarizable.slice(0, folded) };
}
