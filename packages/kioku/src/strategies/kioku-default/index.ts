export { kiokuDefault } from './kioku-default.js';
