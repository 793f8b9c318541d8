export {
  type AiSdkPruneMessagesOptions,
  type AiSdkPruneMessagesState,
  aiSdkPruneMessages,
} from './ai-sdk-prune-messages.js';
export { type AnthropicClearToolUsesOptions, anthropicClearToolUses } from './anthropic-clear-tool-uses.js';
export {
  type BaselineEntry,
  type BaselineOptions,
  baselineCatalog,
  peerBaselines,
  peerTriggerFraction,
  unmanagedBaseline,
} from './baseline-catalog.js';
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
export type { PeerTrigger } from './peer-trigger.js';
export { type SweAgentCacheControlOptions, sweAgentCacheControl } from './swe-agent-cache-control.js';
export {
  type SweAgentLastObservationsOptions,
  sweAgentLastObservations,
} from './swe-agent-last-observations.js';
export { sweAgentPlaceholder } from './swe-agent-placeholder.js';
