export { anthropicOverflowDetector } from './anthropic-overflow-detector.js';
export { bedrockOverflowDetector } from './bedrock-overflow-detector.js';
export type { ContextOverflow } from './context-overflow.js';
export { deepSeekOverflowDetector } from './deepseek-overflow-detector.js';
export { defaultOverflowDetectors } from './default-overflow-detectors.js';
export { type DetectContextOverflowOptions, detectContextOverflow } from './detect-context-overflow.js';
export {
  type EstimatePromptTokensOptions,
  estimatePromptTokens,
  type ReportedUsage,
} from './estimate-prompt-tokens.js';
export { geminiOverflowDetector } from './gemini-overflow-detector.js';
export { llamaCppOverflowDetector } from './llama-cpp-overflow-detector.js';
export { ollamaOverflowDetector } from './ollama-overflow-detector.js';
export { openAiOverflowDetector } from './openai-overflow-detector.js';
export type { OverflowDetector } from './overflow-detector.js';
export type { ProactiveTrigger, TriggerInput } from './proactive-trigger.js';
export { type ThresholdTriggerOptions, thresholdTrigger } from './threshold-trigger.js';
export { vllmOverflowDetector } from './vllm-overflow-detector.js';
