export { unmanaged } from './unmanaged.js';
