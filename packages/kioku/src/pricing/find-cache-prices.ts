import { type CachePrices, cachePrices } from './cache-prices.js';
import { getModelInfo } from './get-model-info.js';
import { parseModelSpec } from './parse-model-spec.js';

/**
 * The cache prices of a model the catalog knows (with `catalog-additions.json` and `registerModel`),
 * relative to its input price (`cachePrices`), or `undefined` when it does not know its prices: never
 * throws, for callers with a fallback of their own. `provider` is a provider name (`anthropic`) or an AI
 * SDK provider id (`anthropic.messages`), tried first as `provider:modelId`.
 *
 * @example
 * findCachePrices('claude-sonnet-4-5', { provider: 'anthropic.messages' }); // { read: 0.1, write: 1.25, marked: true }
 */
export function findCachePrices(
  modelId: string,
  { provider }: { provider?: string | undefined } = {},
): CachePrices | undefined {
  const prefix = provider?.split('.')[0];
  const carriesProvider = prefix === undefined || parseModelSpec(modelId).provider !== undefined;
  const ids = carriesProvider ? [modelId] : [`${prefix}:${modelId}`, modelId];
  for (const id of ids) {
    try {
      return cachePrices(getModelInfo(id));
    } catch {
      // Not in the catalog under this id, or without prices: try the next.
    }
  }
  return undefined;
}
