import type { ModelMessage } from 'ai';
import type { StrategyEdit } from '../strategies/strategy.js';
import { isSummarizeEdit } from '../strategies/summarization/summarize-edit.js';
import { isSummaryMessage } from '../strategies/summarization/summary-message.js';
import type { ConversationCompaction, ConversationRange } from './conversation-sessions.js';

/**
 * The summary a strategy made at this call, in original positions: `history` is what the strategy was
 * given (`origins[i]` the original range behind `history[i]`), `output` what it returned, laid out as a
 * summarization lays it out (the messages kept before the cut, the summary, then every message from the
 * cut on, one for one). `undefined` when no edit is a fresh summary, or when the output is not laid out
 * so (a stage before the summary changed the number of messages): such a compaction cannot be named by
 * an original range.
 */
export function summaryCompaction({
  history,
  origins,
  output,
  edits,
}: {
  history: readonly ModelMessage[];
  origins: readonly ConversationRange[];
  output: readonly ModelMessage[];
  edits: readonly StrategyEdit[];
}): Pick<ConversationCompaction, 'replaces' | 'messages'> | undefined {
  const edit = edits.findLast((candidate) => isSummarizeEdit(candidate) && candidate.fresh);
  if (edit === undefined || edit.messageIndexes.length === 0) return undefined;
  const replaced = new Set(edit.messageIndexes);
  const first = Math.min(...replaced);
  const last = Math.max(...replaced);
  const keptBefore = last + 1 - replaced.size;
  const summary = output[keptBefore];
  if (
    last >= history.length ||
    summary === undefined ||
    !isSummaryMessage(summary) ||
    output.length - keptBefore - 1 !== history.length - last - 1
  ) {
    return undefined;
  }
  // A message before the first one summarized that stands for part of the same range (a pinned message
  // an earlier summary kept) goes with it: a recorded summary is replaced whole or not at all.
  let start = first;
  const firstOrigin = origins[first] as ConversationRange;
  while (start > 0 && (origins[start - 1] as ConversationRange).to > firstOrigin.from) start -= 1;
  const kept: ModelMessage[] = [];
  for (let index = start; index <= last; index += 1) {
    if (!replaced.has(index)) kept.push(history[index] as ModelMessage);
  }
  return {
    replaces: {
      from: (origins[start] as ConversationRange).from,
      to: (origins[last] as ConversationRange).to,
    },
    messages: [...kept, summary],
  };
}
