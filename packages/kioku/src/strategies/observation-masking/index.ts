export { describeMaskedOutput, type MaskedOutput } from './masked-output.js';
export {
  type ObservationMaskingOptions,
  type ObservationMaskingState,
  observationMasking,
} from './observation-masking.js';
