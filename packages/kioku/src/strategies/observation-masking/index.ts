export { type DigestPlaceholderOptions, digestPlaceholder } from './digest-placeholder.js';
export { describeMaskedOutput, type MaskedOutput, type PreparedPlaceholder } from './masked-output.js';
export {
  type ObservationMaskingOptions,
  type ObservationMaskingState,
  observationMasking,
} from './observation-masking.js';
export { type OutputDigestOptions, outputDigest } from './output-digest.js';
