/** What a model charges, in USD per token. Absent cache prices mean the catalog does not list one. */
export interface ModelPrice {
  /** Prompt tokens neither read from nor written to a cache. */
  inputPerToken: number;
  outputPerToken: number;
  /** Prompt tokens read from the provider's cache. */
  cacheReadPerToken?: number;
  /** Prompt tokens written to the cache with the default lifetime (Anthropic: 5 minutes). */
  cacheWritePerToken?: number;
  /** Prompt tokens written to the cache with the long lifetime (Anthropic: 1 hour), when known. */
  cacheWriteLongPerToken?: number;
}

/** A model's limits and prices, from the catalog with any user overrides applied. */
export interface ModelInfo {
  /** The provider's own model id, e.g. `claude-3-5-sonnet-20241022`. */
  id: string;
  /** The catalog's provider key, e.g. `anthropic`, `openai`, `deepseek`, `google`. */
  provider: string;
  /** Most tokens a request may hold (prompt and output together). */
  contextWindow: number;
  /** Most tokens one response may hold. */
  maxOutputTokens: number;
  price: ModelPrice;
}
