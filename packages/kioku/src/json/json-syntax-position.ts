import { lineAndColumn } from './line-and-column.js';

/** Where `JSON.parse` failed on `text`: 1-based line and column, and whether the text simply ended. */
export interface JsonSyntaxPosition {
  line: number;
  column: number;
  /** True when parsing ran off the end: the JSON is truncated. */
  truncated: boolean;
}

/**
 * The position of a `JSON.parse` syntax error, from the `position N` its message gives (V8); when the
 * message gives none, the end of the text.
 */
export function jsonSyntaxPosition(text: string, error: unknown): JsonSyntaxPosition {
  const message = error instanceof Error ? error.message : String(error);
  const match = /position (\d+)/.exec(message);
  const end = text.trimEnd().length;
  const position = match?.[1] === undefined ? end : Number(match[1]);
  return { ...lineAndColumn(text, position), truncated: position >= end };
}
