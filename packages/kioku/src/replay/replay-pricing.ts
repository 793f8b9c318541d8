import type { ModelMessage } from 'ai';
import type { CachePolicy } from '../pricing/cache-policy.js';
import type { ModelInfo } from '../pricing/model-info.js';

/**
 * How a replay bills its calls: the model's prices, the provider's caching rules, and, for caches that
 * only store what a request marks (Anthropic), where the agent puts its cache breakpoints.
 */
export interface ReplayPricing {
  /** A name for reports, e.g. `deepseek-chat` or `anthropic-style (deepseek-chat input price)`. */
  name: string;
  model: ModelInfo;
  /** The caching rules the cached cost is simulated with. */
  policy: CachePolicy;
  /**
   * Marks cache breakpoints on each managed prompt before it is billed, as the agent would; absent for
   * automatic caches, which need no markers. Not applied to a strategy that `placesCacheBreakpoints`.
   */
  markBreakpoints?: (messages: readonly ModelMessage[]) => ModelMessage[];
}
