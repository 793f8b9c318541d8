import type { LanguageModel, ModelMessage } from 'ai';
import type { TokenCounter } from '../../tokens/token-counter.js';
import { checkCount } from '../internal/check-option.js';
import { type CompactionStrategy, compactionStrategy } from './compaction-strategy.js';
import { estimatedSummaryText } from './estimated-summarization.js';
import { extractFacts } from './facts/extract-facts.js';
import type { Fact } from './facts/fact.js';
import { pairedFactKey } from './facts/message-facts.js';
import { type PreservedFacts, preserveFacts } from './facts/preserve-facts.js';
import { prioritizeFacts } from './facts/prioritize-facts.js';
import { summarizeMessages } from './hierarchical/summarize-messages.js';
import { summarizerWindow } from './hierarchical/summarizer-window.js';
import { generalPrompt } from './prompts/general-prompt.js';
import { resolveSplit, type SummarizationSplit, type SummarizationTrigger } from './split-options.js';
import { summaryMessage } from './summary-message.js';
import type { SummaryUsage } from './summary-usage.js';

/** Options of {@link summarization}. */
export interface SummarizationOptions {
  /**
   * The summarizer: any AI SDK language model; it may differ from (and be cheaper than) the agent's. Or
   * `'estimated'`, for replays without a model (`kioku analyze`): no model is called, and each summary is
   * priced by the summary-cost model — a call whose input is the instructions and the slice, counted, and
   * whose output is `maxSummaryTokens`, the cap a summary call is given (an upper bound: a replay never
   * understates what summaries cost; half the slice when that is less, as a summary is shorter than what
   * it replaces) — and stands in the prompt as a labeled placeholder of that size
   * followed by the "Preserved facts" a real summary would get (the edit says `estimated`).
   */
  model: LanguageModel | 'estimated';
  /** Its instructions: `generalPrompt` (default), `securityInvestigationPrompt`, or your own. */
  prompt?: string;
  /** Where to cut; default `'fraction'` (the oldest 70% by size, on a step boundary). */
  split?: SummarizationSplit;
  /**
   * When to summarize: a trigger object (`thresholdTrigger()`, `tokenTrigger()`, `turnsTrigger()`) or its
   * literal form; default `{ fraction: 0.8 }` of the usable window, and `turnsTrigger({ turns: every })`
   * with a periodic split `{ every, keep }`.
   */
  trigger?: SummarizationTrigger;
  /** Most tokens of one summary (the calls' `maxOutputTokens`); default 1024. */
  maxSummaryTokens?: number;
  /** Fewest tokens of new messages worth a model call; default `maxSummaryTokens`. */
  minSliceTokens?: number;
  /**
   * The summarizer's context window, beyond which it summarizes map-reduce. Default: the model catalog's
   * figure for the model's id; for a model the catalog does not know, one call (give `isOverflowError`
   * to split the input when the model rejects it as too long).
   */
  contextWindow?: number;
  /** Chunk summaries made at once in map-reduce; default 4. */
  concurrency?: number;
  /** Retries of each call; default 2. */
  maxRetries?: number;
  /** Check the summary for the slice's IOCs and user instructions and append the missing ones; default true. */
  preserveFacts?: boolean;
  /**
   * Most tokens the "Preserved facts" section may add. Default: it follows the room the window leaves —
   * half of what remains under the limit (the trigger that fired, else the usable window) after the kept
   * messages and the summary, and at least `2 * maxSummaryTokens` where that much is left — so a long
   * window keeps more of what the slice held while the prompt stays well under the trigger for the steps
   * to come. Given or not, the section is kept within that room (or, when the kept messages fill the
   * window anyway, what the system prompt, task and pinned messages leave), so facts never push the prompt
   * over the window, and the summary message stays shorter than the messages it replaces. Missing facts
   * that do not fit go by priority: user instructions first, then the facts the conversation went on to
   * name, then the most mentioned and most recent (see `prioritizeFacts`).
   */
  maxPreservedFactsTokens?: number;
  /** Recognises the summarizer's own context-overflow error, to split its input instead of failing. */
  isOverflowError?: (error: unknown) => boolean;
  /** Most milliseconds one summarizer call may take before it is aborted; default 120,000. */
  timeoutMs?: number;
  /** Aborts the summarizer's calls (the caller's signal); combined with `timeoutMs`. */
  abortSignal?: AbortSignal;
  /** The strategy's name; default `'summarization'`. */
  name?: string;
}

/**
 * LLM summarization: once the prompt reaches the trigger, the oldest part of the history (the split:
 * ~70% by size on a step boundary, or every N turns keep the last M) is replaced by ONE user message
 * that opens with `=== Previous Conversation Summary ===`, followed by the kept messages. The system
 * prompt, the task and pinned messages (with their steps) stay verbatim, before the summary. The next
 * compaction folds the earlier summary into the new one, so summaries never pile up; until then the
 * summary is reused (the state holds it, so the provider's cached prefix is stable). Given a
 * `budget.target` (the trigger that fired in the compactor), the cut moves on by whole steps until the
 * kept messages leave room for a summary of `maxSummaryTokens` under it.
 *
 * Before a summary is accepted, the IOCs and user instructions of the slice it replaces are checked and
 * the missing ones appended under "Preserved facts" (`facts.repaired` in the edit). A slice larger than
 * the summarizer's window is summarized map-reduce. A summarizer that fails, answers nothing, garbage, or
 * a summary not shorter than the slice throws `SummarizationError`: nothing is replaced silently. The
 * fresh edit reports the summary calls' own `usage`.
 *
 * @example
 * const strategy = summarization({ model: openai('gpt-4o-mini'), prompt: securityInvestigationPrompt });
 * let state = strategy.initialState();
 * const { messages, edits, state: next } = await strategy.apply({ messages: history, counter, budget, state });
 */
export function summarization({
  model,
  prompt = generalPrompt,
  split = 'fraction',
  trigger,
  maxSummaryTokens = 1024,
  minSliceTokens = maxSummaryTokens,
  contextWindow,
  concurrency = 4,
  maxRetries = 2,
  preserveFacts: preserve = true,
  maxPreservedFactsTokens,
  isOverflowError,
  timeoutMs = 120_000,
  abortSignal,
  name = 'summarization',
}: SummarizationOptions): CompactionStrategy {
  checkCount({ strategy: 'summarization', option: 'maxSummaryTokens', value: maxSummaryTokens, min: 1 });
  checkCount({ strategy: 'summarization', option: 'minSliceTokens', value: minSliceTokens });
  checkCount({ strategy: 'summarization', option: 'concurrency', value: concurrency, min: 1 });
  checkCount({ strategy: 'summarization', option: 'maxRetries', value: maxRetries });
  checkCount({ strategy: 'summarization', option: 'timeoutMs', value: timeoutMs, min: 1 });
  if (maxPreservedFactsTokens !== undefined) {
    checkCount({
      strategy: 'summarization',
      option: 'maxPreservedFactsTokens',
      value: maxPreservedFactsTokens,
    });
  }
  if (contextWindow !== undefined) {
    checkCount({ strategy: 'summarization', option: 'contextWindow', value: contextWindow, min: 1 });
  }
  const resolved = resolveSplit('summarization', split, trigger);
  const estimated = model === 'estimated';
  const window = contextWindow ?? (estimated ? undefined : summarizerWindow(model));
  return compactionStrategy({
    name,
    needsModel: !estimated,
    estimated,
    split: resolved,
    minSliceTokens,
    tooLong: 'throw',
    summaryMessageTokens: (_slice, _tokens, counter) =>
      counter.countMessage(summaryMessage('')) + maxSummaryTokens,
    async summarize({ slice, later, sliceTokens, counter, carried, room, maxRoom, abortSignal: callSignal }) {
      const carriedFacts: Fact[] = carried.map((value) => ({ kind: 'instruction', value }));
      const facts = preserve ? dedupe([...carriedFacts, ...extractFacts(slice)]) : carriedFacts;
      const result = estimated
        ? estimatedSummary({ slice, sliceTokens, counter, prompt, maxSummaryTokens })
        : await summarizeMessages({
            model,
            messages: slice,
            counter,
            prompt,
            maxSummaryTokens,
            contextWindow: window,
            concurrency,
            maxRetries,
            isOverflowError,
            timeoutMs,
            abortSignal: eitherSignal(abortSignal, callSignal),
          });
      const instructions = facts.filter((fact) => fact.kind === 'instruction').map((fact) => fact.value);
      if (!preserve) return { text: result.text, usage: result.usage, instructions };
      // Facts never push the prompt over the window: they take what the kept messages leave, or, when
      // those fill it already (the fallbacks will cut them), what a prompt without them would leave.
      const summaryTokens = counter.countMessage(summaryMessage(result.text));
      const limit = room > summaryTokens ? room : maxRoom;
      const left = limit - summaryTokens;
      const cap = maxPreservedFactsTokens ?? Math.max(2 * maxSummaryTokens, Math.floor(left / 2));
      const preserved = preserveWithin({
        summary: result.text,
        facts,
        counter,
        // The summary message stays shorter than the slice it replaces (else it would be refused).
        maxTokens: Math.min(cap, left, sliceTokens - summaryTokens - 1),
        room: limit,
        prioritize: (missing) => prioritizeFacts(slice, missing, { later }),
      });
      return {
        text: preserved.text,
        usage: result.usage,
        facts: {
          extracted: facts.length,
          present: preserved.present.length,
          repaired: preserved.repaired.length,
          dropped: preserved.dropped.length,
        },
        instructions,
      };
    },
  });
}

/** The summary-cost model's summary of `slice` (see `SummarizationOptions.model`): a placeholder and its call's usage. */
function estimatedSummary({
  slice,
  sliceTokens,
  counter,
  prompt,
  maxSummaryTokens,
}: {
  slice: readonly ModelMessage[];
  sliceTokens: number;
  counter: TokenCounter;
  prompt: string;
  maxSummaryTokens: number;
}): { text: string; usage: SummaryUsage } {
  // A summary is shorter than what it replaces: half the slice when that is less than the cap.
  const tokens = Math.max(1, Math.min(maxSummaryTokens, Math.floor(sliceTokens / 2)));
  const text = estimatedSummaryText({ tokens, messages: slice.length, sliceTokens, counter });
  return {
    text,
    usage: { inputTokens: counter.countText(prompt) + sliceTokens, outputTokens: tokens, calls: 1 },
  };
}

/**
 * `preserveFacts` capped at `maxTokens`, the cap lowered until the summary message fits `room` (counting
 * the section alone can differ from counting it inside the message by a few tokens).
 */
function preserveWithin({
  summary,
  facts,
  counter,
  maxTokens,
  room,
  prioritize,
}: {
  summary: string;
  facts: readonly Fact[];
  counter: TokenCounter;
  maxTokens: number;
  room: number;
  prioritize: (facts: readonly Fact[]) => Fact[];
}): PreservedFacts {
  let cap = Math.max(0, maxTokens);
  for (;;) {
    const preserved = preserveFacts({ summary, facts, cap: { maxTokens: cap, counter, prioritize } });
    const over = counter.countMessage(summaryMessage(preserved.text)) - room;
    if (over <= 0 || preserved.text === summary || cap === 0) return preserved;
    cap = Math.max(0, cap - over);
  }
}

/** Each fact once, once per machine it was seen on (an address seen on two hosts is listed with both). */
function dedupe(facts: readonly Fact[]): Fact[] {
  const seen = new Set<string>();
  return facts.filter((fact) => {
    const key = pairedFactKey(fact);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A signal that aborts when either does (the factory's, or the call's); `undefined` when neither is given. */
function eitherSignal(
  first: AbortSignal | undefined,
  second: AbortSignal | undefined,
): AbortSignal | undefined {
  if (first === undefined) return second;
  return second === undefined ? first : AbortSignal.any([first, second]);
}
