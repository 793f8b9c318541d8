/** What a provider bills for one call (or, in totals, for many). Token counts may be expected values. */
export interface CallBill {
  /** All prompt tokens: `inputTokens + cacheReadTokens + cacheWriteTokens`. */
  promptTokens: number;
  /** Prompt tokens billed at the plain input price (neither read from nor written to the cache). */
  inputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  outputTokens: number;
  /** USD. */
  cost: number;
}

/** Bills of a sequence of calls, in the order given, and their sum. */
export interface CostReport {
  /** The caching rules the calls were billed under (the default; a call may name its own). */
  policy: string;
  calls: CallBill[];
  totals: CallBill;
}
