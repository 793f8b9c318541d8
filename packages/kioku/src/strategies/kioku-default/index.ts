export { type KiokuDefaultOptions, kiokuDefault } from './kioku-default.js';
