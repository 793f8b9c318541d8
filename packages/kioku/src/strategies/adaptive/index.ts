export { type AdaptiveOptions, type AdaptiveState, type AdaptiveThresholds, adaptive } from './adaptive.js';
