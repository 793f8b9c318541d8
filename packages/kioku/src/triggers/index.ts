export {
  type EstimatePromptTokensOptions,
  estimatePromptTokens,
  type ReportedUsage,
} from './estimate-prompt-tokens.js';
export type { ProactiveTrigger, TriggerInput } from './proactive-trigger.js';
export {
  type ThresholdTrigger,
  type ThresholdTriggerOptions,
  thresholdTrigger,
} from './threshold-trigger.js';
export { type TokenTrigger, type TokenTriggerOptions, tokenTrigger } from './token-trigger.js';
export { type ToolUsesTrigger, type ToolUsesTriggerOptions, toolUsesTrigger } from './tool-uses-trigger.js';
export { type TurnsTrigger, type TurnsTriggerOptions, turnsTrigger } from './turns-trigger.js';
