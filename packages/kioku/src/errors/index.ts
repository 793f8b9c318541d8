export { InvalidHistoryError } from './invalid-history-error.js';
export { KiokuError } from './kioku-error.js';
export { ModelOverridesError } from './model-overrides-error.js';
export { TranscriptFormatError } from './transcript-format-error.js';
export { UnknownModelError } from './unknown-model-error.js';
export { type TriedFormat, UnknownTranscriptFormatError } from './unknown-transcript-format-error.js';
