export { formatLocation, type JsonPath } from './format-json-path.js';
export { type JsonSyntaxPosition, jsonSyntaxPosition } from './json-syntax-position.js';
export { lineAndColumn } from './line-and-column.js';
