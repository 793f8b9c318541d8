import { getModelInfo } from '../pricing/get-model-info.js';
import type { ModelOverrides } from '../pricing/model-overrides.js';
import { modelPricing } from './model-pricing.js';
import { namedPricings } from './named-pricings.js';
import type { ReplayPricing } from './replay-pricing.js';

/** Options of {@link resolvePricing}. */
export interface ResolvePricingOptions {
  /** The model the replayed transcript used (or the one the user replays it as). */
  modelId: string;
  /**
   * A named pricing (`anthropic-style`, applied to `modelId`'s prices) or a model id whose prices and
   * caching rules to bill with (`deepseek-chat`); default: `modelId`'s own.
   */
  pricing?: string | undefined;
  /** Model overrides (see `loadModelOverrides`), applied to every model looked up. */
  overrides?: ModelOverrides | undefined;
}

/**
 * The pricing to bill a replay with: a named rule over the transcript's model, another model's price
 * table, or the transcript model's own. Throws `UnknownModelError` for a model the catalog and the
 * overrides do not know.
 *
 * @example
 * resolvePricing({ modelId: 'deepseek-chat', pricing: 'anthropic-style' }).model.price.cacheReadPerToken;
 */
export function resolvePricing({ modelId, pricing, overrides }: ResolvePricingOptions): ReplayPricing {
  const named = pricing === undefined ? undefined : namedPricings[pricing];
  if (named !== undefined) return named(getModelInfo(modelId, { overrides }));
  return modelPricing(getModelInfo(pricing ?? modelId, { overrides }));
}
