export { renamed } from './renamed.js';
