import type { ModelMessage } from 'ai';
import { SummarizationError } from '../../errors/summarization-error.js';
import { splitSteps } from '../../messages/split-turns.js';
import type { TokenCounter } from '../../tokens/token-counter.js';
import { messageTokens } from '../internal/message-tokens.js';
import { perHistory } from '../internal/per-history.js';
import { usableTokens } from '../internal/usable-tokens.js';
import type { Strategy, StrategyBudget, StrategyInput, StrategyOutput } from '../strategy.js';
import {
  type HistoryLayout,
  historyLayout,
  type SummarizedView,
  summarizedView,
  wholeView,
} from './history-layout.js';
import { layoutTracker } from './layout-tracker.js';
import type { ResolvedSplit } from './split-options.js';
import { initialSummarizationState, type SummarizationState } from './summarization-state.js';
import type { FactsReport, SummarizeEdit } from './summarize-edit.js';
import { isSummaryMessage, summaryMessage } from './summary-message.js';
import type { SummaryUsage } from './summary-usage.js';

/** What a summary strategy is asked to summarize. */
export interface SummaryRequest {
  /** The earlier summary (as its message) when there is one, then the messages to fold into it. */
  slice: readonly ModelMessage[];
  /** The messages the compacted prompt keeps after the summary: what the conversation goes on with. */
  later: readonly ModelMessage[];
  /** Tokens of `slice`, by `counter`. */
  sliceTokens: number;
  counter: TokenCounter;
  /** User instructions folded by earlier compactions. */
  carried: readonly string[];
  /**
   * Most tokens the summary message may have for the compacted prompt to fit the budget's usable window,
   * or its `target` when that is smaller (what the kept messages and tools leave); 0 when they alone fill it.
   */
  room: number;
  /**
   * Most tokens it may have once a fallback dropped every message after it (what the system prompt, the
   * task, pinned messages and tools leave): its limit when the messages after it fill the window anyway.
   */
  maxRoom: number;
  /** The caller's abort signal, for the summarizer's calls. */
  abortSignal?: AbortSignal | undefined;
}

/** A summary made for a {@link SummaryRequest}. */
export interface MadeSummary {
  /** The summary, without the marker. */
  text: string;
  usage: SummaryUsage;
  facts?: FactsReport;
  /** The user instructions folded so far, to check every later summary for. */
  instructions: readonly string[];
}

/**
 * A summarization strategy: a `Strategy` whose `compact` compacts now, whatever the trigger says (for a
 * provider's context-overflow error): at the split, or, when the split has nothing new to fold,
 * everything before the newest step. `compact` returns the history unchanged (but still summarized as the
 * state says) only when there is nothing left to fold.
 */
export type CompactionStrategy = Strategy<SummarizationState> &
  Pick<Required<Strategy<SummarizationState>>, 'compact'>;

/** Options of {@link compactionStrategy}. */
export interface CompactionStrategyOptions {
  name: string;
  needsModel: boolean;
  /** Whether summaries are placeholders of an estimated size. */
  estimated: boolean;
  split: ResolvedSplit;
  /** Fewest tokens of new messages worth a summary (unless compacting on demand). */
  minSliceTokens: number;
  /** A summary not shorter than its slice: refused with an error (a model's), or not used (an estimate). */
  tooLong: 'throw' | 'skip';
  /**
   * Most tokens the summary message of `slice` (`sliceTokens` tokens) takes, marker included: with a
   * `budget.target`, the cut moves on by whole steps until the kept messages leave that much room.
   */
  summaryMessageTokens(slice: readonly ModelMessage[], sliceTokens: number, counter: TokenCounter): number;
  summarize(request: SummaryRequest): Promise<MadeSummary>;
}

/**
 * The split and state logic every summarization strategy shares; they differ only in how a summary is
 * made. At each call the summary in the state replaces the messages it stands for; once the trigger is
 * reached, the split (computed on that view) says what else to fold, and the earlier summary is folded
 * into the new one with it. Given a `budget.target` (the trigger that fired), the cut goes on by whole
 * steps, as far as the messages the next call needs, until a summary (`summaryMessageTokens`) shorter than
 * its slice fits under it.
 */
export function compactionStrategy({
  name,
  needsModel,
  estimated,
  split,
  minSliceTokens,
  tooLong,
  summaryMessageTokens,
  summarize,
}: CompactionStrategyOptions): CompactionStrategy {
  let memo: { text: string; message: ModelMessage } | undefined;
  const messageFor = (text: string): ModelMessage => {
    if (memo?.text !== text) memo = { text, message: summaryMessage(text) };
    return memo.message;
  };
  const tokensOf = messageTokens;
  /** Per conversation, the history's layout as it grows. */
  const layouts = perHistory(() => ({ layout: layoutTracker() }));

  const run = async (
    { messages, tools, counter, budget, state, abortSignal }: StrategyInput<SummarizationState>,
    force: boolean,
  ): Promise<StrategyOutput<SummarizationState>> => {
    const layoutOf = layouts(messages).layout;
    const summarized = state.folded > 0 && state.summary !== undefined;
    const restored = summarized
      ? summarizedView(
          messages,
          layoutOf(messages, state.question),
          state.folded,
          state.summary === undefined ? undefined : messageFor(state.summary),
        )
      : wholeView(messages);
    // A state that does not fit the history (shorter, or cut elsewhere) is another history's: start over.
    const current = restored === undefined ? initialSummarizationState : state;
    const view = restored ?? wholeView(messages);
    const unchanged = (): StrategyOutput<SummarizationState> => ({
      messages: view.messages,
      edits: carriedEdits(messages, view, current, counter),
      state: current,
    });
    const prompt = counter.countPrompt(
      tools === undefined ? { messages: view.messages } : { messages: view.messages, tools },
    );
    if (!force && !split.triggered(prompt, view.messages, budget)) return unchanged();
    const layout = layoutOf(messages);
    const at = split.at(view.messages, counter);
    let cut = at === undefined ? undefined : at < view.messages.length ? view.origin[at] : messages.length;
    if (force && (cut === undefined || cut <= view.cutIndex)) cut = splitSteps(messages).at(-1)?.start;
    // The question the next call answers and the results it needs are never summarized; the latest user
    // message, when the cut passes it, stays verbatim before the summary.
    if (cut !== undefined) cut = Math.min(cut, layout.tail);
    if (cut === undefined || cut <= view.cutIndex) return unchanged();
    // An earlier summary in the history (a resumed conversation's, or one the fallbacks kept) is no question.
    const latest = messages.findLastIndex((message) => message.role === 'user' && !isSummaryMessage(message));
    /** What folding everything before `end` takes: the layout, the slice, and the room for its summary. */
    const foldAt = (end: number) => {
      const question = latest !== -1 && latest < end && !layout.kept.has(latest) ? latest : undefined;
      const nextLayout = historyLayout(messages, question);
      // An earlier question that is no longer the latest is folded in now.
      const fresh = nextLayout.summarizable.filter(
        (index) => (index >= view.cutIndex && index < end) || index === current.question,
      );
      const freshMessages = fresh.map((index) => messages[index] as ModelMessage);
      const previous =
        current.summary === undefined || current.folded === 0 ? [] : [messageFor(current.summary)];
      const slice = [...previous, ...freshMessages];
      const folded = nextLayout.summarizable.filter((index) => index < end).length;
      return {
        end,
        question,
        nextLayout,
        freshMessages,
        slice,
        sliceTokens: tokensOf(counter, slice),
        folded,
        ...roomForSummary(messages, nextLayout, folded, tools, counter, budget),
      };
    };
    let fold = foldAt(cut);
    if (budget.target !== undefined) {
      // The question the next call answers and the results it needs stay: the cut stops at `tail`.
      const from = cut;
      const later = [...splitSteps(messages).map((step) => step.start), layout.tail].filter(
        (start) => start > from && start <= layout.tail,
      );
      for (const next of later) {
        const need = summaryMessageTokens(fold.slice, fold.sliceTokens, counter);
        if (need <= fold.room && need < fold.sliceTokens) break;
        fold = foldAt(next);
      }
    }
    const { end, question, nextLayout, freshMessages, slice, sliceTokens, folded, room, maxRoom } = fold;
    if (freshMessages.length === 0 || (!force && tokensOf(counter, freshMessages) < minSliceTokens))
      return unchanged();
    const made = await summarize({
      slice,
      later: messages.slice(end),
      sliceTokens,
      counter,
      carried: current.instructions,
      room,
      maxRoom,
      ...(abortSignal === undefined ? {} : { abortSignal }),
    });
    const message = messageFor(made.text);
    const after = counter.countMessage(message);
    if (after >= sliceTokens) {
      if (tooLong === 'skip') return unchanged();
      throw new SummarizationError({
        reason: 'too-long',
        message: `the summary message has ${after} tokens, the ${slice.length} messages it would replace ${sliceTokens}`,
        answer: made.text,
        usage: made.usage,
      });
    }
    const next: SummarizationState = {
      folded,
      summary: made.text,
      instructions: made.instructions,
      compactions: current.compactions + 1,
      ...(question === undefined ? {} : { question }),
    };
    const nextView = summarizedView(messages, nextLayout, folded, message) ?? wholeView(messages);
    const edit: SummarizeEdit = {
      ...replacedEdit(messages, nextView, counter, after),
      fresh: true,
      usage: made.usage,
      ...(made.facts === undefined ? {} : { facts: made.facts }),
    };
    return { messages: nextView.messages, edits: [edit], state: next };
  };

  const replacedEdit = (
    messages: readonly ModelMessage[],
    view: SummarizedView,
    counter: TokenCounter,
    tokensAfter: number,
  ): SummarizeEdit => ({
    strategy: name,
    kind: 'summarize',
    messageIndexes: view.replaced,
    tokensBefore: tokensOf(
      counter,
      view.replaced.map((index) => messages[index] as ModelMessage),
    ),
    tokensAfter,
    fresh: false,
    estimated,
  });

  const carriedEdits = (
    messages: readonly ModelMessage[],
    view: SummarizedView,
    state: SummarizationState,
    counter: TokenCounter,
  ): SummarizeEdit[] => {
    if (view.replaced.length === 0 || state.summary === undefined) return [];
    return [replacedEdit(messages, view, counter, counter.countMessage(messageFor(state.summary)))];
  };

  const roomForSummary = (
    messages: readonly ModelMessage[],
    layout: HistoryLayout,
    folded: number,
    tools: StrategyInput<SummarizationState>['tools'],
    counter: TokenCounter,
    budget: StrategyBudget,
  ): { room: number; maxRoom: number } => {
    const placeholder = summaryMessage('');
    const view = summarizedView(messages, layout, folded, placeholder) ?? wholeView(messages);
    const left = (history: readonly ModelMessage[]) => {
      const prompt = counter.countPrompt(
        tools === undefined ? { messages: history } : { messages: history, tools },
      );
      const limit = Math.min(usableTokens(budget), budget.target ?? Number.POSITIVE_INFINITY);
      return Math.max(0, limit - prompt + counter.countMessage(placeholder));
    };
    const at = view.messages.indexOf(placeholder);
    return { room: left(view.messages), maxRoom: left(view.messages.slice(0, at + 1)) };
  };

  return {
    name,
    lossy: true,
    needsModel,
    initialState: () => initialSummarizationState,
    apply: (input) => run(input, false),
    compact: (input) => run(input, true),
  };
}
