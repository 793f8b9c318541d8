export {
  type AdaptiveOptions,
  type AdaptiveState,
  type AdaptiveThreshold,
  type AdaptiveThresholds,
  adaptive,
} from './adaptive.js';
