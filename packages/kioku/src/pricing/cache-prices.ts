import type { CachePolicy } from './cache-policy.js';
import { cachePolicyForModel } from './cache-policy-for-model.js';
import type { ModelInfo } from './model-info.js';

/**
 * What a prompt token costs when the provider's cache reads or writes it, relative to the plain input
 * price of the model (1: the input price), and which prefixes the cache keeps. A strategy that rewrites
 * a cached prefix weighs the rewrite with them (see `StrategyBudget.cachePrices`).
 */
export interface CachePrices {
  /** A token read from the cache: 0.1 Anthropic and DeepSeek, 0.5 gpt-4o, 0.25 gpt-4.1; 1 without a cache. */
  read: number;
  /** A token written to the cache: 1.25 Anthropic's 5-minute write; 1 where writing costs what input does. */
  write: number;
  /**
   * True when the cache keeps only prefixes that end at a cache breakpoint (Anthropic): rewriting a
   * message then writes again everything after the last breakpoint before it, not only from the message
   * on; false where every prefix is cached (OpenAI, DeepSeek) or nothing is.
   */
  marked: boolean;
  /**
   * Shortest prefix the cache stores, in tokens: a shorter prompt or unchanged prefix is read at the plain
   * price (1024 Anthropic's Sonnet and OpenAI, 64 DeepSeek); absent: any.
   */
  minimumTokens?: number;
  /** Past `minimumTokens`, a read counts in steps of this many tokens (128 OpenAI, 64 DeepSeek); absent: 1. */
  granularity?: number;
}

/**
 * The cache prices `model` bills under `policy` (default its provider's, `cachePolicyForModel`), relative
 * to its input price: a cache price the catalog lacks is the input price, writes cost the input price
 * where the policy charges no premium (automatic caches), and both are 1 where nothing is cached.
 *
 * @example
 * cachePrices(getModelInfo('claude-3-5-sonnet-20241022')); // { read: 0.1, write: 1.25, marked: true }
 */
export function cachePrices(
  model: Pick<ModelInfo, 'id' | 'provider' | 'price'>,
  policy: Pick<
    CachePolicy,
    'breakpoints' | 'writePremium' | 'minimumCacheableTokens' | 'granularity'
  > = cachePolicyForModel(model),
): CachePrices {
  const { inputPerToken, cacheReadPerToken, cacheWritePerToken } = model.price;
  if (policy.breakpoints === 'none' || !(inputPerToken > 0)) return { read: 1, write: 1, marked: false };
  const read = Math.min(1, (cacheReadPerToken ?? inputPerToken) / inputPerToken);
  const write = policy.writePremium ? (cacheWritePerToken ?? inputPerToken) / inputPerToken : 1;
  const { minimumCacheableTokens, granularity } = policy;
  return {
    read,
    write: Math.max(read, write),
    marked: policy.breakpoints === 'explicit',
    ...(minimumCacheableTokens === undefined ? {} : { minimumTokens: minimumCacheableTokens }),
    ...(granularity === undefined || granularity <= 1 ? {} : { granularity }),
  };
}
