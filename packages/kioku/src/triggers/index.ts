export {
  type EstimatePromptTokensOptions,
  estimatePromptTokens,
  type ReportedUsage,
} from './estimate-prompt-tokens.js';
export type { ProactiveTrigger, TriggerInput } from './proactive-trigger.js';
export { type ThresholdTriggerOptions, thresholdTrigger } from './threshold-trigger.js';
export { type TokenTriggerOptions, tokenTrigger } from './token-trigger.js';
