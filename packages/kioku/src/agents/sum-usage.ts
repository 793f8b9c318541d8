import type { LanguageModelUsage } from 'ai';

/** A usage with every count at zero (known to be zero, not unknown). */
export function emptyUsage(): LanguageModelUsage {
  return {
    inputTokens: 0,
    inputTokenDetails: { noCacheTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 },
    outputTokens: 0,
    outputTokenDetails: { textTokens: 0, reasoningTokens: 0 },
    totalTokens: 0,
  };
}

const add = (a: number | undefined, b: number | undefined): number | undefined =>
  a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0);

/**
 * The sum of AI SDK usages, field by field; a field stays `undefined` only when no usage reported it.
 *
 * @example
 * sumUsage([parent.totalUsage, report.usage]);
 */
export function sumUsage(usages: readonly LanguageModelUsage[]): LanguageModelUsage {
  return usages.reduce<LanguageModelUsage>(
    (sum, usage) => ({
      inputTokens: add(sum.inputTokens, usage.inputTokens),
      inputTokenDetails: {
        noCacheTokens: add(sum.inputTokenDetails.noCacheTokens, usage.inputTokenDetails?.noCacheTokens),
        cacheReadTokens: add(sum.inputTokenDetails.cacheReadTokens, usage.inputTokenDetails?.cacheReadTokens),
        cacheWriteTokens: add(
          sum.inputTokenDetails.cacheWriteTokens,
          usage.inputTokenDetails?.cacheWriteTokens,
        ),
      },
      outputTokens: add(sum.outputTokens, usage.outputTokens),
      outputTokenDetails: {
        textTokens: add(sum.outputTokenDetails.textTokens, usage.outputTokenDetails?.textTokens),
        reasoningTokens: add(
          sum.outputTokenDetails.reasoningTokens,
          usage.outputTokenDetails?.reasoningTokens,
        ),
      },
      totalTokens: add(sum.totalTokens, usage.totalTokens),
    }),
    {
      inputTokens: undefined,
      inputTokenDetails: {
        noCacheTokens: undefined,
        cacheReadTokens: undefined,
        cacheWriteTokens: undefined,
      },
      outputTokens: undefined,
      outputTokenDetails: { textTokens: undefined, reasoningTokens: undefined },
      totalTokens: undefined,
    },
  );
}
