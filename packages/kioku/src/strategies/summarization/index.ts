/**
 * LLM-backed compaction: summarization strategies (a model's summaries, or estimated placeholders for
 * replays), fact preservation, hierarchical (map-reduce) summaries and the memory buffer.
 *
 * For the AI SDK integration and `kioku compact`:
 * - `summarization({ model, prompt, split, trigger })` is a `Strategy` (carry its state across steps); its
 *   `compact(input)` compacts now, whatever the trigger (for a provider's overflow error);
 * - `compactHistory({ messages, counter, model })` compacts a history once and reports tokens before and
 *   after, facts repaired and the summary calls' usage;
 * - `summaryUsageOf(edits)` sums what the summarizer's calls of one strategy call cost;
 * - failures throw `SummarizationError` (`reason`, `cause`) and change nothing: fall back to masking, then
 *   truncation;
 * - `cutLongMessage(message, { maxTokens, counter })` cuts a giant message to head and tail before it
 *   enters a history.
 */

export { type CompactHistoryOptions, type CompactHistoryResult, compactHistory } from './compact-history.js';
export type { CompactionStrategy } from './compaction-strategy.js';
export { type EstimatedSummarizationOptions, estimatedSummarization } from './estimated-summarization.js';
export {
  type Entity,
  type EntityKind,
  type ExtractEntitiesOptions,
  type ExtractInstructionsOptions,
  type ExtractTextFactsOptions,
  extractEntities,
  extractFacts,
  extractIndicators,
  extractInstructions,
  extractTextFacts,
  type Fact,
  type FactCheckerOptions,
  type FactsCap,
  factChecker,
  factLabels,
  type IndicatorKind,
  normalizeText,
  type PreservedFacts,
  type PreserveFactsOptions,
  type PrioritizeFactsOptions,
  preservedFacts,
  preservedFactsHeading,
  preservedInstructions,
  preserveFacts,
  prioritizeFacts,
  type RenderPreservedFactsOptions,
  refang,
  renderPreservedFacts,
} from './facts/index.js';
export {
  type CutLongMessageOptions,
  cutLongMessage,
  cutText,
  type SummarizeMessagesOptions,
  type SummaryResult,
  summarizeMessages,
  summarizerWindow,
} from './hierarchical/index.js';
export {
  emptyMemory,
  isMemoryBlock,
  type MemoryBufferEdit,
  type MemoryBufferOptions,
  type MemoryBufferState,
  type MemoryEntity,
  type MemoryExtraction,
  type MemoryItems,
  memoryBlock,
  memoryBlockMarker,
  memoryBuffer,
  memoryConsolidationPrompt,
  memoryExtractionPrompt,
  memorySchema,
  renderMemory,
} from './memory-buffer/index.js';
export { generalPrompt, securityInvestigationPrompt } from './prompts/index.js';
export type { SummarizationSplit, SummarizationTrigger } from './split-options.js';
export { type SummarizationOptions, summarization } from './summarization.js';
export { initialSummarizationState, type SummarizationState } from './summarization-state.js';
export { type FactsReport, isSummarizeEdit, type SummarizeEdit, summaryUsageOf } from './summarize-edit.js';
export { isSummaryMessage, summaryMarker, summaryMessage, summaryText } from './summary-message.js';
export { addUsage, noUsage, type SummaryUsage } from './summary-usage.js';
