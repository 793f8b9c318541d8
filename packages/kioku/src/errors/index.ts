export { InvalidHistoryError } from './invalid-history-error.js';
export { KiokuError } from './kioku-error.js';
export { TranscriptFormatError } from './transcript-format-error.js';
