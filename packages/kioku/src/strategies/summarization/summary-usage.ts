/** What the summarizer's own model calls cost: tokens in, tokens out, and how many calls. */
export interface SummaryUsage {
  inputTokens: number;
  outputTokens: number;
  calls: number;
}

/** No calls yet. */
export const noUsage: SummaryUsage = Object.freeze({ inputTokens: 0, outputTokens: 0, calls: 0 });

/** The sum of several usages. */
export function addUsage(...usages: readonly SummaryUsage[]): SummaryUsage {
  return usages.reduce(
    (sum, usage) => ({
      inputTokens: sum.inputTokens + usage.inputTokens,
      outputTokens: sum.outputTokens + usage.outputTokens,
      calls: sum.calls + usage.calls,
    }),
    noUsage,
  );
}
