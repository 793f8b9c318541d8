export { anthropicMediaTokens } from './anthropic-media-tokens.js';
export { type BytesCounterOptions, createBytesCounter } from './bytes-counter.js';
export { type CachedCounterOptions, cachedCounter } from './cached-counter.js';
export {
  applyCalibration,
  type Calibration,
  calibrationFeature,
  identityCalibration,
} from './calibration.js';
export {
  type CalibrationFile,
  calibrationFile,
  calibrationFor,
  type FitErrors,
  type FitReport,
  unrecordedToolTokens,
} from './calibration-file.js';
export { type ClaudeCounterOptions, createClaudeCounter } from './claude-counter.js';
export {
  type CompareWithRecordedOptions,
  compareWithRecorded,
  type RecordedComparison,
} from './compare-with-recorded.js';
export { counterForModel } from './counter-for-model.js';
export { createDeepSeekCounter, type DeepSeekCounterOptions } from './deepseek-counter.js';
export { geminiMediaTokens } from './gemini-media-tokens.js';
export { type ImageSize, imageSize } from './image-size.js';
export { type LoadCounterOptions, loadCounter } from './load-counter.js';
export type { MediaPart, MediaTokens } from './media-part.js';
export { type ModelFamily, modelFamily } from './model-family.js';
export { createOpenAICounter, type OpenAICounterOptions, type TiktokenEncoding } from './openai-counter.js';
export { openAIMediaTokens } from './openai-media-tokens.js';
export { percentile } from './percentile.js';
export { createQwenCounter, type QwenCounterOptions } from './qwen-counter.js';
export { type NumericKeys, sumFields } from './sum-fields.js';
export { type ErrorSummary, summarizeErrors } from './summarize-errors.js';
export type { CalibratableCounter } from './template-counter.js';
export type { Prompt, TokenCounter } from './token-counter.js';
export { addFeatures, emptyFeatures, type TokenFeatures } from './token-features.js';
