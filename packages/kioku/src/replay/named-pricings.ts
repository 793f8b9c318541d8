import type { ModelInfo } from '../pricing/model-info.js';
import { anthropicStylePricing } from './anthropic-style-pricing.js';
import type { ReplayPricing } from './replay-pricing.js';

/**
 * Pricings that apply a billing rule to the replayed model instead of naming a model of their own, by
 * name (`--pricing anthropic-style`).
 */
export const namedPricings: Readonly<Record<string, (model: ModelInfo) => ReplayPricing>> = {
  'anthropic-style': anthropicStylePricing,
};
