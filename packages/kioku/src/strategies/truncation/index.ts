export { type TruncationOptions, type TruncationState, truncation } from './truncation.js';
