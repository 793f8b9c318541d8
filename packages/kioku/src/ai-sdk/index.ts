export {
  type CompactWithFallbackOptions,
  type CompactWithFallbackResult,
  compactWithFallback,
} from './compact-with-fallback.js';
export {
  type ConversationCache,
  type ConversationCacheOptions,
  conversationCache,
} from './conversation-cache.js';
export type {
  ConversationCompaction,
  ConversationRange,
  ConversationSessions,
  StoredConversation,
} from './conversation-sessions.js';
export {
  type Compactor,
  type CompactorInput,
  type CompactorOptions,
  createCompactor,
  type PreparedPrompt,
} from './create-compactor.js';
export { type KiokuCallOptions, kiokuCallOptions } from './kioku-call-options.js';
export type {
  CompactionFailedEvent,
  CompactionReason,
  ContextCompactedEvent,
  ContextWindowAssumedEvent,
  ContextWindowLearnedEvent,
  ConversationDivergedEvent,
  ConversationEvictedEvent,
  FallbackUsedEvent,
  KiokuEvent,
  OverflowDetectedEvent,
  PromptPreparedEvent,
  RetryEvent,
  SessionErrorEvent,
  TruncationSuspectedEvent,
} from './kioku-event.js';
export { type KiokuMiddlewareOptions, kiokuMiddleware } from './kioku-middleware.js';
export { defaultFallbackContextWindow, type KiokuOptions } from './kioku-options.js';
export {
  type KiokuPrepareStep,
  type KiokuPrepareStepOptions,
  type KiokuPrepareStepResult,
  kiokuPrepareStep,
  type PrepareStepInput,
} from './kioku-prepare-step.js';
export { fromLanguageModelPrompt, toLanguageModelPrompt } from './language-model-prompt.js';
export {
  defaultModelProviders,
  type LanguageModelFromSpecOptions,
  languageModelFromSpec,
  type ModelProvider,
  type ProviderSettings,
} from './model-providers.js';
export { type OllamaContextWindowOptions, ollamaContextWindow } from './ollama-context-window.js';
export { resolveContextWindow } from './resolve-context-window.js';
export { sessionIdOf } from './session-id-of.js';
export type { SummaryReport } from './summary-report.js';
