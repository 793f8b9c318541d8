import type { LanguageModelUsage } from 'ai';
import type { ModelPrice } from 'kioku';

/**
 * What a usage costs in USD at `price` (kioku's catalog, `getModelInfo(id).price`): uncached input,
 * cache reads and writes at their own prices when the catalog lists them (else the input price), output.
 *
 * @example
 * usageCost(result.totalUsage, getModelInfo('gpt-4.1').price);
 */
export function usageCost(usage: LanguageModelUsage, price: ModelPrice): number {
  const input = usage.inputTokens ?? 0;
  const cacheRead = usage.inputTokenDetails?.cacheReadTokens ?? 0;
  const cacheWrite = usage.inputTokenDetails?.cacheWriteTokens ?? 0;
  const uncached = usage.inputTokenDetails?.noCacheTokens ?? Math.max(0, input - cacheRead - cacheWrite);
  return (
    uncached * price.inputPerToken +
    cacheRead * (price.cacheReadPerToken ?? price.inputPerToken) +
    cacheWrite * (price.cacheWritePerToken ?? price.inputPerToken) +
    (usage.outputTokens ?? 0) * price.outputPerToken
  );
}
