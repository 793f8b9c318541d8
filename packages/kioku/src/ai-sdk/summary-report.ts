import { SummarizationError } from '../errors/summarization-error.js';
import type { StrategyEdit } from '../strategies/strategy.js';
import { isSummarizeEdit, summaryUsageOf } from '../strategies/summarization/summarize-edit.js';
import type { SummaryUsage } from '../strategies/summarization/summary-usage.js';

/** What a summarizing strategy reported: facts it repaired and its own model calls. */
export interface SummaryReport {
  /** Must-keep facts (IOCs, user instructions) the new summaries lacked and kioku appended. */
  factsRepaired: number;
  /** The summarizer's calls for this compaction; absent when no model was called. */
  summaryUsage?: SummaryUsage;
}

/** Reads the facts repaired and the summarizer's usage from the fresh `summarize` edits of a strategy call. */
export function summaryReport(edits: readonly StrategyEdit[]): SummaryReport {
  const fresh = edits.filter((edit) => isSummarizeEdit(edit) && edit.fresh);
  const factsRepaired = fresh.reduce(
    (sum, edit) => sum + (isSummarizeEdit(edit) ? (edit.facts?.repaired ?? 0) : 0),
    0,
  );
  const usage = summaryUsageOf(edits);
  return usage.calls > 0 || usage.inputTokens > 0
    ? { factsRepaired, summaryUsage: usage }
    : { factsRepaired };
}

/** The usage a failed summarizer reports (its calls are billed all the same). */
export function failureUsage(error: unknown): SummaryUsage | undefined {
  if (!SummarizationError.isInstance(error)) return undefined;
  return error.usage.calls > 0 || error.usage.inputTokens > 0 ? error.usage : undefined;
}
