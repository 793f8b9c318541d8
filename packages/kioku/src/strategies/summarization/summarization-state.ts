/** What a summarization strategy remembers between calls (plain JSON: it survives being stored). */
export interface SummarizationState {
  /**
   * How many of the messages a summary may replace (neither system nor pinned) the summary stands for,
   * counted from the start of the history. They stay summarized at every later call.
   */
  readonly folded: number;
  /** The current summary, without the marker line; absent before the first compaction. */
  readonly summary?: string;
  /** The user instructions folded so far: every later summary is checked for them as well. */
  readonly instructions: readonly string[];
  /** Compactions made so far. */
  readonly compactions: number;
  /**
   * Index of the latest user message when the summary passed over it: it stays verbatim (before the
   * summary) until a later compaction, once a newer user message has come, folds it in.
   */
  readonly question?: number;
}

/** The state before any compaction. */
export const initialSummarizationState: SummarizationState = Object.freeze({
  folded: 0,
  instructions: Object.freeze([]) as readonly string[],
  compactions: 0,
});
