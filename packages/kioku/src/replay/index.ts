export {
  type AnalyzeStrategiesOptions,
  analyzeStrategies,
  type SharedReplays,
  type StrategyAnalysis,
  sharedReplays,
} from './analyze-strategies.js';
export { anthropicStylePricing } from './anthropic-style-pricing.js';
export {
  type BreakpointPlan,
  type BreakpointPolicy,
  breakpointPlan,
  equalBreakpointPolicies,
} from './breakpoint-policy.js';
export { type BatchSizeChoice, type ChooseBatchSizeOptions, chooseBatchSize } from './choose-batch-size.js';
export { compareSets, type SetComparison } from './compare-sets.js';
export { compareToBaseline } from './compare-to-baseline.js';
export { introducedViolations } from './introduced-violations.js';
export { modelPricing } from './model-pricing.js';
export { namedPricings } from './named-pricings.js';
export { replayCalls } from './replay-calls.js';
export type { ReplayPricing } from './replay-pricing.js';
export { replayTotals } from './replay-totals.js';
export { type ReplayTranscriptOptions, replayTranscript } from './replay-transcript.js';
export { type ResolvePricingOptions, resolvePricing } from './resolve-pricing.js';
export type { StrategyComparison, StrategySummary } from './strategy-summary.js';
export { summarizeReplays } from './summarize-replays.js';
export {
  type SweepTriggersOptions,
  sweepTriggers,
  type TriggeredStrategy,
  type TriggerSweep,
  type TriggerSweepCurve,
  type TriggerSweepPoint,
  triggerLabel,
} from './sweep-triggers.js';
export { savedByTool, type ToolUseTokens, toolTokens } from './tool-tokens.js';
export type { ReplayedCall, ReplayTotals, TranscriptReplay } from './transcript-replay.js';
export { type WorstRun, worstRun } from './worst-run.js';
