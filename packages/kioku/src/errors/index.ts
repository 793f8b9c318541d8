export { KiokuError } from './kioku-error.js';
export { TranscriptFormatError } from './transcript-format-error.js';
