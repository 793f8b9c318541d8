import type { LanguageModel } from 'ai';
import { checkCount } from '../strategies/internal/check-option.js';
import { type CompactionStrategy, compactionStrategy } from './compaction-strategy.js';
import { extractFacts } from './facts/extract-facts.js';
import type { Fact } from './facts/fact.js';
import { preserveFacts } from './facts/preserve-facts.js';
import { summarizeMessages } from './hierarchical/summarize-messages.js';
import { summarizerWindow } from './hierarchical/summarizer-window.js';
import { generalPrompt } from './prompts/general-prompt.js';
import { resolveSplit, type SummarizationSplit, type SummarizationTrigger } from './split-options.js';

/** Options of {@link summarization}. */
export interface SummarizationOptions {
  /** The summarizer: any AI SDK language model; it may differ from (and be cheaper than) the agent's. */
  model: LanguageModel;
  /** Its instructions: `generalPrompt` (default), `securityInvestigationPrompt`, or your own. */
  prompt?: string;
  /** Where to cut; default `'fraction'` (the oldest 70% by size, on a step boundary). */
  split?: SummarizationSplit;
  /**
   * When to summarize; default `{ fraction: 0.8 }` of the usable window with a fraction split, and at
   * every split point with `{ every, keep }` (the turn count is the trigger).
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
  /** Recognises the summarizer's own context-overflow error, to split its input instead of failing. */
  isOverflowError?: (error: unknown) => boolean;
  /** The strategy's name; default `'summarization'`. */
  name?: string;
}

/**
 * LLM summarization: once the prompt reaches the trigger, the oldest part of the history (the split:
 * ~70% by size on a step boundary, or every N turns keep the last M) is replaced by ONE user message
 * that opens with `=== Previous Conversation Summary ===`, followed by the kept messages. The system
 * prompt, the task and pinned messages (with their steps) stay verbatim, before the summary. The next
 * compaction folds the earlier summary into the new one, so summaries never pile up; until then the
 * summary is reused (the state holds it, so the provider's cached prefix is stable).
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
  isOverflowError,
  name = 'summarization',
}: SummarizationOptions): CompactionStrategy {
  checkCount({ strategy: 'summarization', option: 'maxSummaryTokens', value: maxSummaryTokens, min: 1 });
  checkCount({ strategy: 'summarization', option: 'minSliceTokens', value: minSliceTokens });
  checkCount({ strategy: 'summarization', option: 'concurrency', value: concurrency, min: 1 });
  checkCount({ strategy: 'summarization', option: 'maxRetries', value: maxRetries });
  if (contextWindow !== undefined) {
    checkCount({ strategy: 'summarization', option: 'contextWindow', value: contextWindow, min: 1 });
  }
  const resolved = resolveSplit('summarization', split, trigger);
  const window = contextWindow ?? summarizerWindow(model);
  return compactionStrategy({
    name,
    needsModel: true,
    estimated: false,
    split: resolved,
    minSliceTokens,
    tooLong: 'throw',
    async summarize({ slice, counter, carried, abortSignal }) {
      const carriedFacts: Fact[] = carried.map((value) => ({ kind: 'instruction', value }));
      const facts = preserve ? dedupe([...carriedFacts, ...extractFacts(slice)]) : carriedFacts;
      const result = await summarizeMessages({
        model,
        messages: slice,
        counter,
        prompt,
        maxSummaryTokens,
        contextWindow: window,
        concurrency,
        maxRetries,
        isOverflowError,
        abortSignal,
      });
      const instructions = facts.filter((fact) => fact.kind === 'instruction').map((fact) => fact.value);
      if (!preserve) return { text: result.text, usage: result.usage, instructions };
      const preserved = preserveFacts({ summary: result.text, facts });
      return {
        text: preserved.text,
        usage: result.usage,
        facts: {
          extracted: facts.length,
          present: preserved.present.length,
          repaired: preserved.repaired.length,
        },
        instructions,
      };
    },
  });
}

function dedupe(facts: readonly Fact[]): Fact[] {
  const seen = new Set<string>();
  return facts.filter((fact) => {
    const key = `${fact.kind}:${fact.value.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
