import type { ModelMessage } from 'ai';
import { StrategyOptionsError } from '../../errors/strategy-options-error.js';
import { splitSteps, splitTurns } from '../../messages/split-turns.js';
import type { ProactiveTrigger } from '../../triggers/proactive-trigger.js';
import { checkCount, checkFraction } from '../internal/check-option.js';
import { pinnedIndexes } from '../internal/pinned-indexes.js';
import { isProactiveTrigger } from '../internal/size-trigger.js';
import { usableTokens } from '../internal/usable-tokens.js';
import type { Strategy, StrategyBudget, StrategyEdit } from '../strategy.js';

/** Options of {@link truncation}. */
export interface TruncationOptions {
  /** Most tokens the prompt may hold (messages, tools, request overhead); default `fraction` of the usable window. */
  maxTokens?: number;
  /** Share of the usable window (`contextWindow - reservedOutputTokens`) used when `maxTokens` is not given; default 1. */
  fraction?: number;
  /**
   * When the history no longer fits, cut it down to this share of the limit, so that the next calls
   * keep the same cut (and the provider's cached prefix) until the history outgrows the limit again.
   * Default 0.8; 1 cuts only what must go, at every call.
   */
  target?: number;
  /** Cut between steps (an assistant message and its tool results; default) or between whole turns. */
  unit?: 'steps' | 'turns';
  /**
   * When to cut and how far, as a trigger object (`thresholdTrigger()`, `tokenTrigger()`, any
   * `ProactiveTrigger`): it judges the prompt as the kept tail would send it, and the cut brings it under
   * its `target`. Replaces `maxTokens`, `fraction` and `target`, which otherwise make one: cut when the
   * prompt is over the limit, down to `target` of it.
   */
  trigger?: ProactiveTrigger;
}

/** What truncation remembers between calls. */
export interface TruncationState {
  /** Index of the first message of the kept tail at the last call (0: nothing dropped). */
  readonly cut: number;
}

const name = 'truncation';

/**
 * Truncation: keeps the system prompt, every pinned message (with its whole step, so a pinned call keeps
 * its result) and the newest whole steps (or turns) that fit the limit, and drops the rest. It never
 * cuts between a tool call and its result, and the history still opens with the task (the first user
 * message, pinned). The newest step is always kept, even when it alone is over the limit. The cut only
 * moves forward, and by a batch (`target`), so the kept prefix stays cached between cuts. Given a
 * `budget.target` (a trigger that fired), it cuts until the prompt is within it too.
 *
 * @example
 * const truncate = truncation({ maxTokens: 100_000 });
 * const { messages } = await truncate.apply({ messages: history, counter, budget, state: truncate.initialState() });
 */
export function truncation({
  maxTokens,
  fraction = 1,
  target = 0.8,
  unit = 'steps',
  trigger,
}: TruncationOptions = {}): Strategy<TruncationState> {
  if (maxTokens !== undefined) checkCount({ strategy: 'truncation', option: 'maxTokens', value: maxTokens });
  checkFraction({ strategy: 'truncation', option: 'fraction', value: fraction });
  checkFraction({ strategy: 'truncation', option: 'target', value: target });
  if (trigger !== undefined && !isProactiveTrigger(trigger)) {
    throw new StrategyOptionsError({
      strategy: 'truncation',
      option: 'trigger',
      value: trigger,
      expected: 'a trigger (thresholdTrigger, tokenTrigger or a ProactiveTrigger)',
    });
  }
  const limitOf = (budget: StrategyBudget) => maxTokens ?? Math.floor(usableTokens(budget) * fraction);
  const when: ProactiveTrigger = trigger ?? {
    name: `over(${maxTokens ?? `${fraction} of the window`})`,
    shouldCompact: ({ promptTokens, budget }) => promptTokens > limitOf(budget),
    target: (budget) => Math.floor(limitOf(budget) * target),
  };
  const split = unit === 'turns' ? splitTurns : splitSteps;

  return {
    name,
    lossy: true,
    needsModel: false,
    initialState: () => ({ cut: 0 }),
    async apply({ messages, tools, counter, budget, state }) {
      const spans = split(messages);
      const last = spans.length - 1;
      if (last <= 0) return { messages: messages.slice(), edits: [], state };
      const pinned = pinnedIndexes(messages);
      let leadingSystem = 0;
      while (messages[leadingSystem]?.role === 'system') leadingSystem += 1;

      const sizes: number[] = [];
      const required: boolean[] = [];
      for (const [i, { start, end }] of spans.entries()) {
        let size = 0;
        let keep = i === last || start < leadingSystem;
        for (let index = start; index < end; index += 1) {
          size += counter.countMessage(messages[index] ?? { role: 'user', content: '' });
          keep ||= pinned.has(index);
        }
        sizes.push(size);
        required.push(keep);
      }
      // kept[i]: prompt tokens when the tail starts at span i (required spans kept wherever they are).
      const kept = new Array<number>(spans.length + 1);
      let total = counter.countPrompt(tools === undefined ? { messages: [] } : { messages: [], tools });
      for (const [i, size] of sizes.entries()) if (required[i]) total += size;
      kept[spans.length] = total;
      for (let i = last; i >= 0; i -= 1) {
        if (!required[i]) total += sizes[i] ?? 0;
        kept[i] = total;
      }

      /** The messages sent when the tail starts at span `first` (required spans kept wherever they are). */
      const sentFrom = (first: number): ModelMessage[] => {
        const sent: ModelMessage[] = [];
        for (const [i, { start, end }] of spans.entries()) {
          if (!required[i] && i < first) continue;
          for (let index = start; index < end; index += 1) {
            const message = messages[index];
            if (message !== undefined) sent.push(message);
          }
        }
        return sent;
      };

      let from = spans.findIndex((span) => span.start >= state.cut);
      if (from === -1) from = last;
      if (when.shouldCompact({ promptTokens: kept[from] ?? 0, messages: sentFrom(from), budget })) {
        const goal = Math.min(when.target(budget), budget.target ?? Number.POSITIVE_INFINITY);
        from += 1;
        while (from < last && (kept[from] ?? 0) > goal) from += 1;
      }
      // A target it is given (a trigger that fired elsewhere) is met whatever its own trigger says.
      if (budget.target !== undefined) while (from < last && (kept[from] ?? 0) > budget.target) from += 1;

      const output = [];
      const dropped: number[] = [];
      let droppedTokens = 0;
      for (const [i, { start, end }] of spans.entries()) {
        const keep = required[i] || i >= from;
        if (!keep) droppedTokens += sizes[i] ?? 0;
        for (let index = start; index < end; index += 1) {
          const message = messages[index];
          if (message === undefined) continue;
          if (keep) output.push(message);
          else dropped.push(index);
        }
      }
      const edits: StrategyEdit[] =
        dropped.length === 0
          ? []
          : [
              {
                strategy: name,
                kind: 'drop-messages',
                messageIndexes: dropped,
                tokensBefore: droppedTokens,
                tokensAfter: 0,
              },
            ];
      const cut = spans[from]?.start ?? 0;
      return { messages: output, edits, state: cut === state.cut ? state : { cut } };
    },
  };
}
