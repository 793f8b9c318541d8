import { TranscriptFormatError } from '../errors/transcript-format-error.js';
import { findDeepNesting, maxJsonDepth } from '../json/find-deep-nesting.js';
import { jsonSyntaxPosition } from '../json/json-syntax-position.js';
import { lineAndColumn } from '../json/line-and-column.js';

/** Parsed JSON, or the rows of a JSON Lines file with the 1-based line of each row. */
export interface ParsedJson {
  value: unknown;
  lines?: number[];
}

/**
 * Parses a JSON or JSON Lines text (`jsonl`, default: the file ends in `.jsonl`; or a text that is not one
 * JSON value but whose first line is). Errors name the line and column where parsing failed; an empty text is an error.
 */
export function parseJsonText(
  text: string,
  { file, jsonl = file.endsWith('.jsonl') }: { file: string; jsonl?: boolean },
): ParsedJson {
  if (!/\S/.test(text)) {
    throw new TranscriptFormatError({
      file,
      location: 'line 1',
      expected: 'a JSON or JSON Lines transcript',
      found: text === '' ? 'an empty file' : 'only whitespace',
    });
  }
  const first = /\S/.exec(text)?.index ?? 0;
  if (text[first] !== '{' && text[first] !== '[') {
    const { line, column } = lineAndColumn(text, first);
    throw new TranscriptFormatError({
      file,
      location: `line ${line}, column ${column}`,
      expected: 'a JSON object or array (a JSON or JSON Lines transcript)',
      found: `text starting ${JSON.stringify(text.slice(first, first + 20))}`,
    });
  }
  const deep = findDeepNesting(text);
  if (deep !== undefined) {
    const { line, column } = lineAndColumn(text, deep);
    throw new TranscriptFormatError({
      file,
      location: `line ${line}, column ${column}`,
      expected: `JSON nested at most ${maxJsonDepth} levels deep`,
      found: 'deeper nesting',
    });
  }
  if (jsonl) return parseJsonLines(text, file);
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    if (looksLikeJsonLines(text)) return parseJsonLines(text, file);
    throw syntaxError(error, text, file, 1);
  }
}

function parseJsonLines(text: string, file: string): ParsedJson {
  const value: unknown[] = [];
  const lines: number[] = [];
  let start = 0;
  let line = 1;
  while (start <= text.length) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    const row = text.slice(start, stop);
    if (row.trim() !== '') {
      try {
        value.push(JSON.parse(row));
      } catch (error) {
        throw syntaxError(error, row, file, line);
      }
      lines.push(line);
    }
    if (end === -1) break;
    start = end + 1;
    line += 1;
  }
  return { value, lines };
}

function looksLikeJsonLines(text: string): boolean {
  const end = text.indexOf('\n');
  if (end === -1 || text.slice(end + 1).trim() === '') return false;
  try {
    const first: unknown = JSON.parse(text.slice(0, end));
    return typeof first === 'object' && first !== null;
  } catch {
    return false;
  }
}

function syntaxError(error: unknown, text: string, file: string, firstLine: number): TranscriptFormatError {
  const message = error instanceof Error ? error.message : String(error);
  const { line, column, truncated } = jsonSyntaxPosition(text, error);
  return new TranscriptFormatError({
    file,
    location: `line ${firstLine + line - 1}, column ${column}`,
    expected: 'valid JSON',
    found: truncated ? 'the end of the file (the JSON is truncated)' : `a syntax error (${message})`,
    cause: error,
  });
}
