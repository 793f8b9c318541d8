import type { CacheSplit } from './cache-policy.js';
import type { CallBill } from './call-bill.js';
import type { ModelPrice } from './model-info.js';

/**
 * The bill of one call from its token split and the model's prices. A cache price the catalog lacks is
 * taken as the plain input price; long-lived writes fall back to the ordinary write price.
 */
export function priceBill({
  promptTokens,
  outputTokens,
  split,
  price,
}: {
  promptTokens: number;
  outputTokens: number;
  split: CacheSplit;
  price: ModelPrice;
}): CallBill {
  const cacheReadTokens = Math.min(split.cacheReadTokens, promptTokens);
  const cacheWriteTokens = Math.min(split.cacheWriteTokens, promptTokens - cacheReadTokens);
  const longWrite = Math.min(split.cacheWriteLongTokens, cacheWriteTokens);
  const inputTokens = promptTokens - cacheReadTokens - cacheWriteTokens;
  const writePrice = price.cacheWritePerToken ?? price.inputPerToken;
  const cost =
    inputTokens * price.inputPerToken +
    cacheReadTokens * (price.cacheReadPerToken ?? price.inputPerToken) +
    (cacheWriteTokens - longWrite) * writePrice +
    longWrite * (price.cacheWriteLongPerToken ?? writePrice) +
    outputTokens * price.outputPerToken;
  return { promptTokens, inputTokens, cacheReadTokens, cacheWriteTokens, outputTokens, cost };
}
