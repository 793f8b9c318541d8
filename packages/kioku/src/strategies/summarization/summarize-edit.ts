import type { StrategyEdit } from '../strategy.js';
import { addUsage, noUsage, type SummaryUsage } from './summary-usage.js';

/** How the facts of a replaced slice fared (see `preserveFacts`). */
export interface FactsReport {
  /** Facts extracted from the slice (and carried from earlier summaries). */
  extracted: number;
  /** Facts the model's summary held. */
  present: number;
  /** Facts it left out, appended under "Preserved facts". */
  repaired: number;
  /** Facts it left out that the cap on "Preserved facts" kept out too (the lowest priority ones). */
  dropped: number;
}

/**
 * The edit a summarization strategy reports: the messages it replaced by the summary, which stays
 * reported at every later call (`fresh: false`) the way a mask stays masked. The call that made the
 * summary (`fresh: true`) also reports what making it cost (`usage`) and how its facts fared.
 */
export interface SummarizeEdit extends StrategyEdit {
  kind: 'summarize';
  /** True on the call that made the summary, false when it is carried over from an earlier call. */
  fresh: boolean;
  /** True when the summary is a placeholder of an estimated size (`estimatedSummarization`), not a model's. */
  estimated: boolean;
  /** The summarizer's calls (estimated ones for a placeholder); only on the call that made the summary. */
  usage?: SummaryUsage;
  /** Fact preservation; only on the call that made a model's summary. */
  facts?: FactsReport;
}

/** True when `edit` is a {@link SummarizeEdit}. */
export function isSummarizeEdit(edit: StrategyEdit): edit is SummarizeEdit {
  return edit.kind === 'summarize' && 'fresh' in edit && 'estimated' in edit;
}

/**
 * What the model calls of one strategy call cost: the sum of the `usage` the fresh edits among `edits`
 * report (summaries, estimated or not, and memory-buffer updates); nothing when the call reused earlier
 * summaries. Add it to the agent's own call to bill summarization fairly.
 *
 * @example
 * const { edits } = await strategy.apply(input);
 * const { inputTokens, outputTokens } = summaryUsageOf(edits);
 */
export function summaryUsageOf(edits: readonly StrategyEdit[]): SummaryUsage {
  return addUsage(
    noUsage,
    ...edits.flatMap((edit) => {
      const usage = (edit as { usage?: Partial<SummaryUsage> }).usage;
      return typeof usage?.inputTokens === 'number' && typeof usage.outputTokens === 'number'
        ? [{ inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, calls: usage.calls ?? 0 }]
        : [];
    }),
  );
}
