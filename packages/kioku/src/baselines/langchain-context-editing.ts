import type { ToolResultPart } from 'ai';
import { checkCount, checkFraction } from '../strategies/internal/check-option.js';
import { pinnedIndexes } from '../strategies/internal/pinned-indexes.js';
import { isPlaceholder, markPlaceholder } from '../strategies/internal/placeholder-mark.js';
import { type RewriteMemo, replaceToolParts } from '../strategies/internal/replace-tool-parts.js';
import { toolPartEdits } from '../strategies/internal/tool-part-edits.js';
import { addTarget } from '../strategies/internal/tool-parts.js';
import { usableTokens } from '../strategies/internal/usable-tokens.js';
import type { Strategy } from '../strategies/strategy.js';
import { langChainApproximateCounter } from './langchain-approximate-counter.js';
import type { PeerTrigger } from './peer-trigger.js';

/** Options of {@link langChainContextEditing}; the defaults are `ClearToolUsesEdit`'s. */
export interface LangChainContextEditingOptions {
  /**
   * When it clears, by LangChain's approximate count (`countTokensApproximately`): at `inputTokens`, or at a
   * `fraction` of the usable context window; default `{ inputTokens: 100_000 }`.
   */
  trigger?: PeerTrigger;
  /** Most recent tool results kept; default 3 (`keep: { messages: 3 }`). */
  keep?: number;
}

/** What the agent's state keeps between calls: the tool results the middleware cleared in it. */
export interface LangChainContextEditingState {
  /** Tool call ids whose results were replaced by `[cleared]`, in the order cleared. */
  readonly clearedResults: readonly string[];
}

const placeholder = '[cleared]';

/**
 * LangChain.js' `contextEditingMiddleware()` with one `ClearToolUsesEdit` (langchain 1.5,
 * `agents/middleware/contextEditing.ts`), as its agent loop runs it. Before every model call the edit
 * counts the conversation with `countTokensApproximately` (4 characters a token, system prompt and tools
 * left out); from the trigger on it replaces every tool result but the `keep` most recent with
 * `[cleared]`, whatever its length, keeping the calls' arguments. The edit rewrites the agent state's own
 * message list, so what it cleared stays cleared and the next trigger check counts the already-cleared
 * history: it clears in bursts, each time the cleared history grows back to the trigger. Checked against
 * the real middleware in `bench/peers/check.mjs`. Pinned messages are left as they are.
 *
 * @example
 * const strategy = langChainContextEditing({ trigger: { inputTokens: 30_000 } }); // name 'langchain-context-editing'
 */
export function langChainContextEditing({
  trigger = { inputTokens: 100_000 },
  keep = 3,
}: LangChainContextEditingOptions = {}): Strategy<LangChainContextEditingState> {
  if ('inputTokens' in trigger) {
    checkCount({
      strategy: 'langChainContextEditing',
      option: 'trigger.inputTokens',
      value: trigger.inputTokens,
    });
  } else {
    checkFraction({
      strategy: 'langChainContextEditing',
      option: 'trigger.fraction',
      value: trigger.fraction,
    });
  }
  checkCount({ strategy: 'langChainContextEditing', option: 'keep', value: keep });
  const approximate = langChainApproximateCounter();
  const memo: RewriteMemo = new WeakMap();
  const cleared = new WeakMap<ToolResultPart, ToolResultPart>();
  const clear = (part: ToolResultPart): ToolResultPart => {
    let made = cleared.get(part);
    if (made === undefined) {
      made = markPlaceholder<ToolResultPart>({ ...part, output: { type: 'text', value: placeholder } });
      cleared.set(part, made);
    }
    return made;
  };
  return {
    name: 'langchain-context-editing',
    lossy: true,
    needsModel: false,
    initialState: () => ({ clearedResults: [] }),
    async apply({ messages, counter, state, budget }) {
      const triggerTokens =
        'inputTokens' in trigger ? trigger.inputTokens : usableTokens(budget) * trigger.fraction;
      const pinned = pinnedIndexes(messages);
      const carried = new Set(state.clearedResults);
      // Every tool result is one LangChain ToolMessage, in order.
      const results = messages.flatMap((message, index) =>
        message.role === 'tool'
          ? message.content.flatMap((part) => (part.type === 'tool-result' ? [{ index, part }] : []))
          : [],
      );
      const rewrite = (ids: ReadonlySet<string>) => {
        const targets = new Map<number, string[]>();
        for (const { index, part } of results) {
          if (ids.has(part.toolCallId) && !pinned.has(index) && !isPlaceholder(part)) {
            addTarget(targets, index, part.toolCallId);
          }
        }
        const output = replaceToolParts({
          messages,
          targets,
          replaceResult: clear,
          replaceCall: (part) => part,
          memo,
        });
        return { targets, output };
      };
      let { targets, output } = rewrite(carried);
      let clearedResults = state.clearedResults;
      if (approximate.countPrompt({ messages: output }) >= triggerTokens) {
        const fresh = results
          .slice(0, Math.max(0, results.length - keep))
          .map(({ part }) => part.toolCallId)
          .filter((id) => !carried.has(id));
        if (fresh.length > 0) {
          clearedResults = [...clearedResults, ...fresh];
          ({ targets, output } = rewrite(new Set(clearedResults)));
        }
      }
      return {
        messages: output,
        edits: toolPartEdits({
          strategy: 'langchain-context-editing',
          kind: () => 'clear-tool-result',
          messages,
          output,
          targets,
          counter,
        }),
        state: { clearedResults },
      };
    },
  };
}
