import type { ModelMessage } from 'ai';
import type { TokenCounter } from '../../tokens/token-counter.js';
import type { StrategyEdit } from '../strategy.js';

/**
 * One edit per rewritten message: which message, which tool (when all its replaced parts are of one
 * tool), and the message's tokens before and after. `tokensAfter` is counted when first read: the
 * rewritten message is a new object the counter has not seen, and a strategy call should not pay for
 * tokenizing it when nobody asks (whoever sends or measures the prompt counts it once, then it is cached).
 */
export function toolPartEdits({
  strategy,
  kind,
  messages,
  output,
  targets,
  counter,
}: {
  strategy: string;
  /** The edit's kind for a rewritten message, from its role. */
  kind: (role: ModelMessage['role']) => string;
  messages: readonly ModelMessage[];
  output: readonly ModelMessage[];
  targets: ReadonlyMap<number, readonly string[]>;
  counter: TokenCounter;
}): StrategyEdit[] {
  const edits: StrategyEdit[] = [];
  for (const [index, ids] of [...targets].sort(([a], [b]) => a - b)) {
    const before = messages[index];
    const after = output[index];
    if (before === undefined || after === undefined || typeof before.content === 'string') continue;
    edits.push(toolPartEdit({ strategy, kind, index, before, after, ids, counter }));
  }
  return edits;
}

/** The edit of one rewritten message (see {@link toolPartEdits}). */
export function toolPartEdit({
  strategy,
  kind,
  index,
  before,
  after,
  ids,
  counter,
}: {
  strategy: string;
  kind: (role: ModelMessage['role']) => string;
  index: number;
  before: ModelMessage;
  after: ModelMessage;
  ids: readonly string[];
  counter: TokenCounter;
}): StrategyEdit {
  const names = new Set<string>();
  if (typeof before.content !== 'string') {
    for (const part of before.content) {
      if ((part.type === 'tool-call' || part.type === 'tool-result') && ids.includes(part.toolCallId)) {
        names.add(part.toolName);
      }
    }
  }
  const edit: StrategyEdit = {
    strategy,
    kind: kind(before.role),
    messageIndexes: [index],
    tokensBefore: counter.countMessage(before),
    get tokensAfter() {
      return counter.countMessage(after);
    },
  };
  const [toolName] = names;
  if (names.size === 1 && toolName !== undefined) edit.toolName = toolName;
  return edit;
}
