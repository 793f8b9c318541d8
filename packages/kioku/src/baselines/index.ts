export {
  type AiSdkPruneMessagesOptions,
  type AiSdkPruneMessagesState,
  aiSdkPruneMessages,
} from './ai-sdk-prune-messages.js';
export { anthropicClearToolUses } from './anthropic-clear-tool-uses.js';
export { type BaselineEntry, baselineCatalog, peerBaselines, unmanagedBaseline } from './baseline-catalog.js';
export { langChainApproximateCounter } from './langchain-approximate-counter.js';
export {
  type LangChainContextEditingOptions,
  type LangChainContextEditingState,
  langChainContextEditing,
} from './langchain-context-editing.js';
export { naiveMasking } from './naive-masking.js';
export {
  type OpenHandsObservationMaskingOptions,
  openHandsObservationMasking,
} from './openhands-observation-masking.js';
export { sweAgentLastObservations } from './swe-agent-last-observations.js';
export { sweAgentPlaceholder } from './swe-agent-placeholder.js';
