import { type ModelMessage, pruneMessages } from 'ai';
import { usableTokens } from '../strategies/internal/usable-tokens.js';
import type { Strategy } from '../strategies/strategy.js';

/** Options of {@link aiSdkPruneMessages}; the defaults are the AI SDK's loop-control recipe. */
export interface AiSdkPruneMessagesOptions {
  /**
   * Estimated tokens above which the history is pruned, or a `fraction` of the usable context window;
   * default 100,000 (`COMPACTION_THRESHOLD`).
   */
  threshold?: number | { fraction: number };
  /** Messages at the end whose tool calls and results are kept; default 3 (`'before-last-3-messages'`). */
  keepLastMessages?: number;
}

/** What the agent loop carries: where it pruned, so the pruned base can be rebuilt from the history. */
export interface AiSdkPruneMessagesState {
  /** History lengths at which the loop pruned, in order. */
  readonly prunedAt: readonly number[];
  /** History length at the previous call. */
  readonly covered: number;
}

/**
 * The AI SDK's context-compaction recipe (ai 7.0, `docs/03-agents/04-loop-control.mdx`, "Context
 * Management"): in `prepareStep`, when the history's estimated size (`JSON.stringify(messages).length /
 * 4`, over the step's messages, which leave out the `system` prompt) exceeds 100,000 tokens, return `pruneMessages({ messages, reasoning: 'all', toolCalls:
 * 'before-last-3-messages', emptyMessages: 'remove' })`. The SDK's own `pruneMessages` does the pruning:
 * it drops tool calls, tool results and reasoning from every message but the last 3, and the messages left
 * empty. What `prepareStep` returns becomes the base of later steps, so the pruned history is carried
 * forward with new messages appended, as here. Like the recipe, it knows nothing of kioku's pinned
 * messages: a pinned tool call before the last 3 messages is pruned too. Checked against a real
 * `generateText` loop in `bench/peers/check.mjs`.
 *
 * @example
 * const strategy = aiSdkPruneMessages(); // name 'ai-sdk-prune-messages'
 */
export function aiSdkPruneMessages({
  threshold = 100_000,
  keepLastMessages = 3,
}: AiSdkPruneMessagesOptions = {}): Strategy<AiSdkPruneMessagesState> {
  const prune = (messages: ModelMessage[]): ModelMessage[] =>
    pruneMessages({
      messages,
      reasoning: 'all',
      toolCalls: `before-last-${keepLastMessages}-messages`,
      emptyMessages: 'remove',
    });
  /** The base returned at the previous call, to skip rebuilding it when replayed in order. */
  let last: { at: ModelMessage | undefined; key: string; base: ModelMessage[] } | undefined;
  const rebuild = (messages: readonly ModelMessage[], { prunedAt, covered }: AiSdkPruneMessagesState) => {
    const key = `${covered}:${prunedAt.join(',')}`;
    if (last !== undefined && last.key === key && last.at === messages[covered - 1]) return last.base;
    let base: ModelMessage[] = [];
    let cursor = 0;
    for (const at of prunedAt) {
      base = prune([...base, ...messages.slice(cursor, at)]);
      cursor = at;
    }
    return [...base, ...messages.slice(cursor, covered)];
  };
  return {
    name: 'ai-sdk-prune-messages',
    lossy: true,
    needsModel: false,
    initialState: () => ({ prunedAt: [], covered: 0 }),
    async apply({ messages, state, budget }) {
      const limit = typeof threshold === 'number' ? threshold : usableTokens(budget) * threshold.fraction;
      const carried = state.covered <= messages.length ? state : { prunedAt: [], covered: 0 };
      let base = [...rebuild(messages, carried), ...messages.slice(carried.covered)];
      let prunedAt = carried.prunedAt;
      if (estimateTokens(base) > limit) {
        base = prune(base);
        prunedAt = [...prunedAt, messages.length];
      }
      last = { at: messages[messages.length - 1], key: `${messages.length}:${prunedAt.join(',')}`, base };
      return { messages: base, edits: [], state: { prunedAt, covered: messages.length } };
    },
  };
}

/** The recipe's estimate: a quarter of the JSON length of the messages `prepareStep` sees (no system prompt). */
function estimateTokens(messages: readonly ModelMessage[]): number {
  return JSON.stringify(messages.filter((message) => message.role !== 'system')).length / 4;
}
