export { pipeline, type StateOf, type StatesOf } from './pipeline.js';
