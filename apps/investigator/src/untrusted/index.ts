export { type MarkUntrustedOptions, markUntrusted, untrustedDataRule } from './mark-untrusted.js';
