export { anchorCounterToUsage } from './anchor-counter-to-usage.js';
export { type AnthropicCachePolicyOptions, anthropicCachePolicy } from './anthropic-cache-policy.js';
export {
  type AutomaticPrefixCachePolicyOptions,
  automaticPrefixCachePolicy,
} from './automatic-prefix-cache-policy.js';
export { withCacheMarker } from './cache-marker.js';
export type { CacheEntry, CachePolicy, CacheSplit, CacheStore } from './cache-policy.js';
export { cachePolicyForModel } from './cache-policy-for-model.js';
export { type CachePrices, cachePrices } from './cache-prices.js';
export type { CallBill, CostReport } from './call-bill.js';
export { type BillComparison, type BilledQuantity, compareBills } from './compare-bills.js';
export { type DeepSeekCachePolicyOptions, deepSeekCachePolicy } from './deepseek-cache-policy.js';
export { findCachePrices } from './find-cache-prices.js';
export { findContextWindow } from './find-context-window.js';
export { geminiCachePolicy } from './gemini-cache-policy.js';
export { type GetModelInfoOptions, getModelInfo } from './get-model-info.js';
export { loadModelOverrides, parseModelOverrides } from './load-model-overrides.js';
export type { ModelInfo, ModelPrice } from './model-info.js';
export { type ModelOverride, type ModelOverrides, modelOverridesSchema } from './model-overrides.js';
export { noCachePolicy } from './no-cache-policy.js';
export { openAICachePolicy } from './openai-cache-policy.js';
export { type ModelSpec, type ParseModelSpecOptions, parseModelSpec } from './parse-model-spec.js';
export {
  type CacheMarkerMemo,
  type PlaceCacheBreakpointsOptions,
  placeCacheBreakpoints,
} from './place-cache-breakpoints.js';
export {
  type CacheControlMarker,
  type LayoutPromptOptions,
  layoutPrompt,
  type PromptBlock,
  type PromptLayout,
} from './prompt-layout.js';
export { type RegisteredModel, registerModel } from './register-model.js';
export { type SimulateCostOptions, type SimulatedCall, simulateCost } from './simulate-cost.js';
export { sumBills } from './sum-bills.js';
export { type TranscriptCallsOptions, transcriptCalls } from './transcript-calls.js';
export { xaiCachePolicy } from './xai-cache-policy.js';
