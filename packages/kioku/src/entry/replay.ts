/**
 * kioku/replay: replays recorded agent runs call by call through strategies, prices them with prompt
 * caching simulated per provider, compares them with the unmanaged history and the peers' default
 * policies, measures what each strategy hid from the agent (fidelity), measures token counters against billed usage, and renders the HTML report.
 *
 * @example
 * import { analyzeStrategies, peerBaselines, unmanagedBaseline } from 'kioku/replay';
 *
 * @module kioku/replay
 */

// baselines: the peers' default policies, as strategies
export {
  type AiSdkPruneMessagesOptions,
  type AiSdkPruneMessagesState,
  type AnthropicClearToolUsesOptions,
  aiSdkPruneMessages,
  anthropicClearToolUses,
  type BaselineEntry,
  type BaselineOptions,
  baselineCatalog,
  type LangChainContextEditingOptions,
  type LangChainContextEditingState,
  langChainApproximateCounter,
  langChainContextEditing,
  naiveMasking,
  type OpenHandsObservationMaskingOptions,
  openHandsObservationMasking,
  type PeerTrigger,
  peerBaselines,
  peerTriggerFraction,
  type SweAgentCacheControlOptions,
  type SweAgentLastObservationsOptions,
  sweAgentCacheControl,
  sweAgentLastObservations,
  sweAgentPlaceholder,
  unmanagedBaseline,
} from '../baselines/index.js';
// errors of this layer
export { ReplayConfigurationError, ReplayStrategyError } from '../errors/index.js';
// fidelity: what a strategy's prompts hid from the agent of the facts it went on to use
export {
  type CallFidelity,
  type DistinctiveFact,
  type DistinctiveFactKind,
  extractDistinctiveFacts,
  type FidelityMeter,
  type FidelityRates,
  type FidelityTotals,
  fidelityMeter,
  fidelityRates,
  fidelityTotals,
  type MeasureFidelityOptions,
  type ResponseFacts,
  responseFacts,
} from '../fidelity/index.js';

// pricing and cache simulation
export {
  type AnthropicCachePolicyOptions,
  type AutomaticPrefixCachePolicyOptions,
  anchorCounterToUsage,
  anthropicCachePolicy,
  automaticPrefixCachePolicy,
  type BillComparison,
  type BilledQuantity,
  type CacheEntry,
  type CachePolicy,
  type CacheSplit,
  type CacheStore,
  type CallBill,
  type CostReport,
  cachePolicyForModel,
  compareBills,
  type DeepSeekCachePolicyOptions,
  deepSeekCachePolicy,
  geminiCachePolicy,
  type LayoutPromptOptions,
  layoutPrompt,
  noCachePolicy,
  openAICachePolicy,
  type PromptBlock,
  type PromptLayout,
  type SimulateCostOptions,
  type SimulatedCall,
  simulateCost,
  type TranscriptCallsOptions,
  transcriptCalls,
  withCacheMarker,
  xaiCachePolicy,
} from '../pricing/index.js';

// replay
export {
  type AnalyzeStrategiesOptions,
  analyzeStrategies,
  anthropicStylePricing,
  type BatchSizeChoice,
  type BreakpointPlan,
  type BreakpointPolicy,
  breakpointPlan,
  type ChooseBatchSizeOptions,
  chooseBatchSize,
  compareSets,
  compareToBaseline,
  equalBreakpointPolicies,
  introducedViolations,
  modelPricing,
  namedPricings,
  type ReplayedCall,
  type ReplayPricing,
  type ReplayTotals,
  type ReplayTranscriptOptions,
  type ResolvePricingOptions,
  replayCalls,
  replayTotals,
  replayTranscript,
  resolvePricing,
  type SetComparison,
  type SharedReplays,
  type StrategyAnalysis,
  type StrategyComparison,
  type StrategySummary,
  type SweepTriggersOptions,
  savedByTool,
  sharedReplays,
  summarizeReplays,
  sweepTriggers,
  type ToolUseTokens,
  type TranscriptReplay,
  type TriggeredStrategy,
  type TriggerSweep,
  type TriggerSweepCurve,
  type TriggerSweepPoint,
  toolTokens,
  triggerLabel,
  type WorstRun,
  worstRun,
} from '../replay/index.js';

// report
export {
  chartLibrary,
  type ReportData,
  type ReportDataOptions,
  type ReportPolicy,
  type ReportPolicyInput,
  type ReportTranscript,
  renderReport,
  reportData,
} from '../report/index.js';

// tokens: counters measured and calibrated against recorded usage
export {
  addFeatures,
  applyCalibration,
  type CalibratableCounter,
  type Calibration,
  type CalibrationFile,
  type CompareWithRecordedOptions,
  calibrationFeature,
  calibrationFile,
  calibrationFor,
  compareWithRecorded,
  type ErrorSummary,
  emptyFeatures,
  type FitErrors,
  type FitReport,
  identityCalibration,
  type NumericKeys,
  type RecordedComparison,
  sumFields,
  summarizeErrors,
  type TokenFeatures,
  unrecordedToolTokens,
} from '../tokens/index.js';
