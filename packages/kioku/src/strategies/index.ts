export {
  type AdaptiveOptions,
  type AdaptiveState,
  type AdaptiveThreshold,
  type AdaptiveThresholds,
  adaptive,
} from './adaptive/index.js';
export {
  type CacheBreakpointsOptions,
  type CacheBreakpointsState,
  cacheBreakpoints,
} from './cache-breakpoints/index.js';
export {
  type ContextEditingOptions,
  type ContextEditingState,
  type ContextEditingTrigger,
  contextEditing,
} from './context-editing/index.js';
export type { CachePaybackOptions } from './internal/cache-payback.js';
export { pin } from './internal/pin.js';
export { pinnedIndexes } from './internal/pinned-indexes.js';
export { isPlaceholder, markPlaceholder } from './internal/placeholder-mark.js';
export { type KiokuDefaultOptions, kiokuDefault } from './kioku-default/index.js';
export {
  type DigestPlaceholderOptions,
  describeMaskedOutput,
  digestPlaceholder,
  type MaskedOutput,
  type ObservationMaskingOptions,
  type ObservationMaskingState,
  type OutputDigestOptions,
  observationMasking,
  outputDigest,
  type PreparedPlaceholder,
} from './observation-masking/index.js';
export { pipeline, type StateOf, type StatesOf } from './pipeline/index.js';
export {
  type RecallOutputOptions,
  type RecallSource,
  recallOutput,
  recallOutputToolName,
} from './recall-output/index.js';
export { renamed } from './renamed/index.js';
export {
  type SplitByFractionOptions,
  type SplitEveryNTurnsOptions,
  splitByFraction,
  splitEveryNTurns,
} from './split-points/index.js';
export type {
  Strategy,
  StrategyBudget,
  StrategyEdit,
  StrategyInput,
  StrategyOutput,
  StrategyUsage,
} from './strategy.js';
export {
  describeClearedInput,
  type ToolInputClearingOptions,
  type ToolInputClearingState,
  toolInputClearing,
} from './tool-input-clearing/index.js';
export { type TruncationOptions, type TruncationState, truncation } from './truncation/index.js';
export { unmanaged } from './unmanaged/index.js';
