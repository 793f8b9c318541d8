/**
 * kioku/strategies: the building blocks kioku's own strategies are made of, for writing a strategy, a
 * trigger, an overflow detector or an evaluation of your own: history helpers (tool-call pairs, steps,
 * turns, splits, validation, the prompt conversion the middleware does), placeholders and output digests,
 * summary helpers and the deterministic fact extractors, cache breakpoints and cache prices, per-provider
 * overflow detectors and media token costs, the model catalog's lower-level look-ups and override files,
 * and the tool graph's training data and evaluation. An agent author needs none of them: the root `kioku`
 * holds the middleware, the strategies, triggers, counters and agents.
 *
 * @example
 * import { findToolPairs, splitSteps } from 'kioku/strategies';
 *
 * @module kioku/strategies
 */

// ai-sdk
export {
  type CompactWithFallbackOptions,
  type CompactWithFallbackResult,
  compactWithFallback,
  defaultFallbackContextWindow,
  defaultModelProviders,
  fromLanguageModelPrompt,
  kiokuCallOptions,
  resolveContextWindow,
  sessionIdOf,
  toLanguageModelPrompt,
} from '../ai-sdk/index.js';
// messages
export {
  assertValidHistory,
  distinctToolCallIds,
  findToolPairs,
  type HistoryViolation,
  type HistoryViolationKind,
  isObservation,
  type MessageSize,
  type MessageSpan,
  markObservation,
  messageSize,
  messageText,
  splitSteps,
  splitTurns,
  type ToolPair,
  type ToolPairing,
  toolOutputText,
  type ValidateHistoryOptions,
  validateHistory,
} from '../messages/index.js';
// overflow detection: is this provider error a prompt that did not fit?
export {
  anthropicOverflowDetector,
  bedrockOverflowDetector,
  deepSeekOverflowDetector,
  defaultOverflowDetectors,
  geminiOverflowDetector,
  llamaCppOverflowDetector,
  ollamaOverflowDetector,
  openAIOverflowDetector,
  vllmOverflowDetector,
} from '../overflow/index.js';
// pricing: what a model is (window, prices) and where cache breakpoints go
export {
  type CacheControlMarker,
  type CacheMarkerMemo,
  type CachePrices,
  cachePrices,
  findCachePrices,
  findContextWindow,
  loadModelOverrides,
  type ModelOverride,
  type ModelOverrides,
  type ModelSpec,
  modelOverridesSchema,
  type ParseModelSpecOptions,
  type PlaceCacheBreakpointsOptions,
  parseModelOverrides,
  parseModelSpec,
  placeCacheBreakpoints,
} from '../pricing/index.js';
// strategies
export {
  type CacheBreakpointsOptions,
  type CacheBreakpointsState,
  type CachePaybackOptions,
  cacheBreakpoints,
  type DigestPlaceholderOptions,
  describeClearedInput,
  describeMaskedOutput,
  digestPlaceholder,
  isPlaceholder,
  type MaskedOutput,
  type OutputDigestOptions,
  outputDigest,
  type SplitByFractionOptions,
  type SplitEveryNTurnsOptions,
  splitByFraction,
  splitEveryNTurns,
} from '../strategies/index.js';
// summarization
export {
  type CutLongMessageOptions,
  cutLongMessage,
  type Entity,
  type EntityKind,
  type EstimatedSummarizationOptions,
  type ExtractEntitiesOptions,
  type ExtractInstructionsOptions,
  type ExtractTextFactsOptions,
  estimatedSummarization,
  extractEntities,
  extractFacts,
  extractIndicators,
  extractInstructions,
  extractTextFacts,
  type Fact,
  type FactCheckerOptions,
  type FactsReport,
  factChecker,
  type IndicatorKind,
  isMemoryBlock,
  isSummarizeEdit,
  isSummaryMessage,
  type PreservedFacts,
  type PreserveFactsOptions,
  preserveFacts,
  renderMemory,
  type SummarizeMessagesOptions,
  type SummaryResult,
  summarizeMessages,
  summaryText,
  summaryUsageOf,
} from '../strategies/summarization/index.js';
// tokens
export {
  anthropicMediaTokens,
  geminiMediaTokens,
  type MediaPart,
  type MediaTokens,
  type ModelFamily,
  modelFamily,
  openAIMediaTokens,
} from '../tokens/index.js';
// tool graph: next-tool prediction from past runs
export {
  type AgentEvent,
  agentEvents,
  type ColdStartThetaOptions,
  coldStartTheta,
  type EvaluateToolPredictionOptions,
  evaluateToolPrediction,
  keyArgumentEvents,
  parameterFillerDataSchema,
  replyAction,
  splitByTask,
  sqlTableKey,
  type ThresholdOutcome,
  type ToolPredictionEvaluation,
  toolGraphDataSchema,
} from '../tool-graph/index.js';
// triggers: when to compact
export {
  type EstimatePromptTokensOptions,
  estimatePromptTokens,
} from '../triggers/index.js';
