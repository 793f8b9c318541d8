import { cachePolicyForModel } from '../pricing/cache-policy-for-model.js';
import type { ModelInfo } from '../pricing/model-info.js';
import { placeCacheBreakpoints } from '../pricing/place-cache-breakpoints.js';
import type { ReplayPricing } from './replay-pricing.js';

/**
 * Bills a replay at a model's own prices under its provider's caching rules. For providers that cache
 * only marked prefixes, breakpoints go where agents put them (`placeCacheBreakpoints`: the system prompt
 * and the latest three user or tool messages), unless the strategy `placesCacheBreakpoints` itself.
 *
 * @example
 * const pricing = modelPricing(getModelInfo('deepseek-chat'));
 */
export function modelPricing(model: ModelInfo): ReplayPricing {
  const policy = cachePolicyForModel(model);
  const pricing: ReplayPricing = { name: model.id, model, policy };
  if (policy.breakpoints === 'explicit')
    pricing.markBreakpoints = (messages) => placeCacheBreakpoints(messages);
  return pricing;
}
