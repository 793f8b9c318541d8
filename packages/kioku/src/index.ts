/**
 * kioku: keep long-running LLM agents inside their context window and budget without losing what
 * matters. Messages are the AI SDK's `ModelMessage`.
 *
 * This entry is what an agent author uses: the middleware and `kiokuPrepareStep`, kioku's default and the
 * named strategies, triggers, token counters, model information, sub-agents, the tool registry, MCP
 * servers, plan & execute, the tool graph, and the errors. It loads no store driver and no model catalog
 * until one is used. Beside it: `kioku/strategies` (the building blocks strategies are made of, for
 * writing your own), `kioku/transcripts` (agent-log formats), `kioku/replay` (replay, pricing and cache
 * simulation, peer baselines, report), `kioku/store` (store, sessions, memory) and `kioku/test`
 * (scripted models, loopback provider, conformance suites).
 *
 * @example
 * import { kiokuMiddleware } from 'kioku';
 * const model = wrapLanguageModel({ model: anthropic('claude-sonnet-4-5'), middleware: kiokuMiddleware() });
 *
 * @module kioku
 */

// agents: sub-agents as tools, the tool registry, MCP servers, plan & execute
export {
  createToolRegistry,
  createUsageLedger,
  type LedgerEntry,
  type McpServerOptions,
  type McpTransport,
  mcpServer,
  type Plan,
  type PlanAndExecuteOptions,
  type PlanBudget,
  type PlanEvent,
  type PlannedStep,
  type PlanRunResult,
  type PlanStep,
  planAndExecute,
  type Reflection,
  type ResolvedTools,
  type SubAgentMemory,
  type SubAgentOptions,
  type SubAgentOutput,
  type SubAgentProgress,
  subAgent,
  sumUsage,
  type ToolContext,
  type ToolRegistration,
  type ToolRegistry,
  type ToolRegistryOptions,
  type UsageLedger,
} from './agents/index.js';

// ai-sdk
export {
  type CompactionFailedEvent,
  type CompactionReason,
  type Compactor,
  type CompactorInput,
  type CompactorOptions,
  type ContextCompactedEvent,
  type ContextWindowAssumedEvent,
  type ContextWindowLearnedEvent,
  type ConversationCache,
  type ConversationCacheOptions,
  type ConversationCompaction,
  type ConversationDivergedEvent,
  type ConversationEvictedEvent,
  type ConversationRange,
  type ConversationSessions,
  conversationCache,
  createCompactor,
  type FallbackUsedEvent,
  type KiokuCallOptions,
  type KiokuEvent,
  type KiokuMiddlewareOptions,
  type KiokuOptions,
  type KiokuPrepareStep,
  type KiokuPrepareStepOptions,
  type KiokuPrepareStepResult,
  kiokuMiddleware,
  kiokuPrepareStep,
  type LanguageModelFromSpecOptions,
  languageModelFromSpec,
  type ModelProvider,
  type OllamaContextWindowOptions,
  type OverflowDetectedEvent,
  ollamaContextWindow,
  type PreparedPrompt,
  type PrepareStepInput,
  type PromptPreparedEvent,
  type ProviderSettings,
  type RetryEvent,
  type SessionErrorEvent,
  type StoredConversation,
  type SummaryReport,
  type TruncationSuspectedEvent,
} from './ai-sdk/index.js';

// errors of the core, and the causes every kioku error is sorted by
export {
  ConfigurationError,
  ContextOverflowError,
  InputFormatError,
  InvalidCompactionError,
  InvalidHistoryError,
  KiokuError,
  MemoryBufferError,
  MissingPackageError,
  MissingProviderSettingError,
  MissingVocabularyError,
  ModelBehaviorError,
  ModelOverridesError,
  PlanError,
  StorageError,
  StrategyOptionsError,
  SubAgentError,
  SummarizationError,
  type SummarizationFailure,
  UnknownContextWindowError,
  UnknownModelError,
  UnknownProviderError,
} from './errors/index.js';

// overflow detection: is this provider error a prompt that did not fit?
export {
  type ContextOverflow,
  type DetectContextOverflowOptions,
  detectContextOverflow,
  type OverflowDetector,
} from './overflow/index.js';
// pricing: what a model is (window, prices) and where cache breakpoints go
export {
  type GetModelInfoOptions,
  getModelInfo,
  type ModelInfo,
  type ModelPrice,
  type RegisteredModel,
  registerModel,
} from './pricing/index.js';
// strategies
export {
  type AdaptiveOptions,
  type AdaptiveState,
  type AdaptiveThreshold,
  type AdaptiveThresholds,
  adaptive,
  type ContextEditingOptions,
  type ContextEditingState,
  type ContextEditingTrigger,
  contextEditing,
  type KiokuDefaultOptions,
  kiokuDefault,
  type ObservationMaskingOptions,
  type ObservationMaskingState,
  observationMasking,
  pin,
  pipeline,
  type RecallOutputOptions,
  type RecallSource,
  recallOutput,
  recallOutputToolName,
  type StateOf,
  type StatesOf,
  type Strategy,
  type StrategyBudget,
  type StrategyEdit,
  type StrategyInput,
  type StrategyOutput,
  type StrategyUsage,
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
  compactHistory,
  generalPrompt,
  type MemoryBufferEdit,
  type MemoryBufferOptions,
  type MemoryBufferState,
  type MemoryEntity,
  type MemoryExtraction,
  type MemoryItems,
  memoryBuffer,
  type SummarizationOptions,
  type SummarizationSplit,
  type SummarizationState,
  type SummarizationTrigger,
  type SummarizeEdit,
  type SummaryUsage,
  securityInvestigationPrompt,
  summarization,
} from './strategies/summarization/index.js';
// tokens
export {
  type BytesCounterOptions,
  type CachedCounterOptions,
  type ClaudeCounterOptions,
  cachedCounter,
  counterForModel,
  createBytesCounter,
  createClaudeCounter,
  createDeepSeekCounter,
  createOpenAICounter,
  createQwenCounter,
  type DeepSeekCounterOptions,
  type LoadCounterOptions,
  loadCounter,
  type OpenAICounterOptions,
  type Prompt,
  type QwenCounterOptions,
  type TiktokenEncoding,
  type TokenCounter,
} from './tokens/index.js';
// tool graph: next-tool prediction from past runs
export {
  createParameterFiller,
  createToolGraph,
  defaultToolGraphTheta,
  type FilledInput,
  type ParameterFiller,
  type ParameterFillerData,
  type ParameterFillerOptions,
  type PredictOptions,
  parameterFillerFromJSON,
  type ToolGraph,
  type ToolGraphData,
  ToolGraphDataError,
  type ToolGraphDecision,
  type ToolGraphNoBypassReason,
  type ToolGraphOptions,
  type ToolGraphPrepareStepOptions,
  type ToolGraphWeights,
  type ToolMatcher,
  type ToolPrediction,
  toolGraphFromJSON,
  toolGraphPrepareStep,
} from './tool-graph/index.js';
// the recorded-run data model the core's inputs use (tool definitions); readers are in kioku/transcripts
export type { ToolDefinition } from './transcripts/transcript.js';

// triggers: when to compact
export {
  type ProactiveTrigger,
  type ReportedUsage,
  type ThresholdTrigger,
  type ThresholdTriggerOptions,
  type TokenTrigger,
  type TokenTriggerOptions,
  type ToolUsesTrigger,
  type ToolUsesTriggerOptions,
  type TriggerInput,
  type TurnsTrigger,
  type TurnsTriggerOptions,
  thresholdTrigger,
  tokenTrigger,
  toolUsesTrigger,
  turnsTrigger,
} from './triggers/index.js';
