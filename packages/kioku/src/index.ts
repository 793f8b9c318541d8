/**
 * kioku: keep long-running LLM agents inside their context window and budget without losing what
 * matters. Messages are the AI SDK's `ModelMessage`.
 *
 * This entry is the core: messages, token counters, model information, strategies (summarization and
 * kioku's default included), triggers, overflow detection and the AI SDK integration. It loads no store
 * driver and no model catalog until one is used. Layers above it: `kioku/transcripts` (agent-log formats),
 * `kioku/replay` (replay, pricing and cache simulation, peer baselines, report), `kioku/store` (store,
 * sessions, memory) and `kioku/test` (scripted models, loopback provider, conformance suites).
 *
 * @example
 * import { kiokuMiddleware } from 'kioku';
 * const model = wrapLanguageModel({ model: anthropic('claude-sonnet-4-5'), middleware: kiokuMiddleware() });
 */

// ai-sdk
export {
  type CompactionFailedEvent,
  type CompactionReason,
  type Compactor,
  type CompactorInput,
  type CompactorOptions,
  type CompactWithFallbackOptions,
  type CompactWithFallbackResult,
  type ContextCompactedEvent,
  compactWithFallback,
  createCompactor,
  defaultModelProviders,
  type FallbackUsedEvent,
  fromLanguageModelPrompt,
  type KiokuEvent,
  type KiokuMiddlewareOptions,
  type KiokuOptions,
  type KiokuPrepareStep,
  kiokuMiddleware,
  kiokuPrepareStep,
  type LanguageModelFromSpecOptions,
  languageModelFromSpec,
  type ModelProvider,
  type OnDemandStrategy,
  type OverflowDetectedEvent,
  type PreparedPrompt,
  type PrepareStepInput,
  type ProviderSettings,
  parseModelSpec,
  type RetryEvent,
  resolveContextWindow,
  type SummaryReport,
  toLanguageModelPrompt,
} from './ai-sdk/index.js';

// baselines (kioku's own default; the peers' are in kioku/replay)
export { kiokuDefault } from './baselines/index.js';

// errors of the core
export {
  ContextOverflowError,
  InvalidCompactionError,
  InvalidHistoryError,
  KiokuError,
  MemoryBufferError,
  MissingProviderSettingError,
  ModelOverridesError,
  StrategyOptionsError,
  SummarizationError,
  type SummarizationFailure,
  UnknownContextWindowError,
  UnknownModelError,
  UnknownProviderError,
} from './errors/index.js';

// messages
export {
  assertValidHistory,
  findToolPairs,
  type HistoryViolation,
  type HistoryViolationKind,
  type MessageSize,
  type MessageSpan,
  messageSize,
  messageText,
  splitSteps,
  splitTurns,
  type ToolPair,
  type ToolPairing,
  toolOutputText,
  type ValidateHistoryOptions,
  validateHistory,
} from './messages/index.js';

// pricing: what a model is (window, prices) and where cache breakpoints go
export {
  type CacheControlMarker,
  type CacheMarkerMemo,
  type GetModelInfoOptions,
  getModelInfo,
  loadModelOverrides,
  type ModelInfo,
  type ModelOverride,
  type ModelOverrides,
  type ModelPrice,
  modelOverridesSchema,
  type PlaceCacheBreakpointsOptions,
  parseModelOverrides,
  placeCacheBreakpoints,
} from './pricing/index.js';

// strategies
export {
  type AdaptiveOptions,
  type AdaptiveState,
  type AdaptiveThresholds,
  adaptive,
  type CacheBreakpointsOptions,
  type CacheBreakpointsState,
  type ContextEditingOptions,
  type ContextEditingState,
  type ContextEditingTrigger,
  cacheBreakpoints,
  contextEditing,
  describeClearedInput,
  describeMaskedOutput,
  isPlaceholder,
  type MaskedOutput,
  type ObservationMaskingOptions,
  type ObservationMaskingState,
  observationMasking,
  pin,
  pipeline,
  type SplitByFractionOptions,
  type SplitEveryNTurnsOptions,
  type StateOf,
  type StatesOf,
  type Strategy,
  type StrategyBudget,
  type StrategyEdit,
  type StrategyInput,
  type StrategyOutput,
  type StrategyUsage,
  splitByFraction,
  splitEveryNTurns,
  type ToolInputClearingOptions,
  type ToolInputClearingState,
  type TruncationOptions,
  type TruncationState,
  toolInputClearing,
  truncation,
  unmanaged,
} from './strategies/index.js';

// summarization
export {
  type CompactHistoryOptions,
  type CompactHistoryResult,
  type CompactionStrategy,
  type CutLongMessageOptions,
  compactHistory,
  cutLongMessage,
  type EstimatedSummarizationOptions,
  type ExtractInstructionsOptions,
  estimatedSummarization,
  extractFacts,
  extractIndicators,
  extractInstructions,
  type Fact,
  type FactCheckerOptions,
  type FactsReport,
  factChecker,
  generalPrompt,
  type IndicatorKind,
  isMemoryBlock,
  isSummarizeEdit,
  isSummaryMessage,
  type MemoryBufferEdit,
  type MemoryBufferOptions,
  type MemoryBufferState,
  type MemoryEntity,
  type MemoryExtraction,
  type MemoryItems,
  memoryBuffer,
  type PreservedFacts,
  type PreserveFactsOptions,
  preserveFacts,
  renderMemory,
  type SummarizationOptions,
  type SummarizationSplit,
  type SummarizationState,
  type SummarizationTrigger,
  type SummarizeEdit,
  type SummarizeMessagesOptions,
  type SummaryResult,
  type SummaryUsage,
  securityInvestigationPrompt,
  summarization,
  summarizeMessages,
  summaryText,
  summaryUsageOf,
} from './summarization/index.js';

// tokens
export {
  type BytesCounterOptions,
  type ClaudeCounterOptions,
  counterForModel,
  createBytesCounter,
  createClaudeCounter,
  createDeepSeekCounter,
  createOpenAICounter,
  type DeepSeekCounterOptions,
  type ModelFamily,
  modelFamily,
  type OpenAICounterOptions,
  type Prompt,
  type TiktokenEncoding,
  type TokenCounter,
} from './tokens/index.js';

// the recorded-run data model the core's inputs use (tool definitions); readers are in kioku/transcripts
export type { ToolDefinition } from './transcripts/transcript.js';

// triggers and overflow detection
export {
  anthropicOverflowDetector,
  bedrockOverflowDetector,
  type ContextOverflow,
  type DetectContextOverflowOptions,
  deepSeekOverflowDetector,
  defaultOverflowDetectors,
  detectContextOverflow,
  type EstimatePromptTokensOptions,
  estimatePromptTokens,
  geminiOverflowDetector,
  llamaCppOverflowDetector,
  type OverflowDetector,
  ollamaOverflowDetector,
  openAiOverflowDetector,
  type ProactiveTrigger,
  type ReportedUsage,
  type ThresholdTriggerOptions,
  type TriggerInput,
  thresholdTrigger,
  vllmOverflowDetector,
} from './triggers/index.js';
