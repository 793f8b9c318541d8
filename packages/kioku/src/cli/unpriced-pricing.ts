import { noCachePolicy, type ReplayPricing } from '../entry/replay.js';

/**
 * How `kioku analyze` replays a transcript whose model the catalog does not know: within `contextWindow`
 * (`--window`, else the middleware's fallback window), no cache simulated, and no prices. The costs it
 * adds up are zeros, not prices: the output shows them as unpriced.
 */
export function unpricedPricing({
  modelId,
  contextWindow,
}: {
  modelId: string;
  contextWindow: number;
}): ReplayPricing {
  return {
    name: `${modelId} (unpriced)`,
    model: {
      id: modelId,
      provider: 'unknown',
      contextWindow,
      maxOutputTokens: 0,
      price: { inputPerToken: 0, outputPerToken: 0 },
    },
    policy: noCachePolicy(),
  };
}
