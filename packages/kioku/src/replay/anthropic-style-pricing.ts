import { anthropicCachePolicy } from '../pricing/anthropic-cache-policy.js';
import type { ModelInfo } from '../pricing/model-info.js';
import { placeCacheBreakpoints } from '../pricing/place-cache-breakpoints.js';
import type { ReplayPricing } from './replay-pricing.js';

/** Cache write and read prices relative to the plain input price, as Anthropic charges them. */
const writeMultiplier = 1.25;
const readMultiplier = 0.1;

/**
 * "Anthropic-style" prompt caching applied to any model: cache writes at 1.25× and cache reads at 0.1× of
 * the model's input price, Anthropic's caching rules, explicit breakpoints placed as agents place them
 * (system prompt and the latest three user or tool messages, OpenHands' rule) unless the strategy
 * `placesCacheBreakpoints` itself (then its own markers are billed). A strategy that rewrites an old
 * message breaks every cached prefix past it, and the next call writes the prefix again at the premium,
 * so the cost of prefix rewrites shows up.
 *
 * @example
 * const pricing = anthropicStylePricing(getModelInfo('deepseek-chat'));
 */
export function anthropicStylePricing(model: ModelInfo): ReplayPricing {
  const input = model.price.inputPerToken;
  return {
    name: `anthropic-style (${model.id} input price)`,
    model: {
      ...model,
      price: {
        inputPerToken: input,
        outputPerToken: model.price.outputPerToken,
        cacheWritePerToken: input * writeMultiplier,
        cacheReadPerToken: input * readMultiplier,
      },
    },
    policy: anthropicCachePolicy(),
    markBreakpoints: (messages) => placeCacheBreakpoints(messages),
  };
}
