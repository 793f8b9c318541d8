export { findDeepNesting, maxJsonDepth } from './find-deep-nesting.js';
export { formatLocation, type JsonPath } from './format-json-path.js';
export { type JsonSyntaxPosition, jsonSyntaxPosition } from './json-syntax-position.js';
export { lineAndColumn } from './line-and-column.js';
