import { InvalidAlertError } from './invalid-alert-error.js';
import { jsonErrorPosition } from './json-error-position.js';

/** Options of {@link parseAlertInput}. */
export interface ParseAlertInputOptions {
  /** The bytes received (a file, stdin, a request body). */
  bytes: Uint8Array;
  /** Names the input in errors: a path, `stdin`, `POST /hooks/alert/sentinel`. */
  input: string;
  /** Largest accepted size in bytes (default 1 MiB). */
  maxBytes?: number;
}

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Checks that `bytes` are one JSON object in UTF-8 and returns them as text, unchanged (the raw alert the
 * store keeps byte for byte), with the parsed object. Throws {@link InvalidAlertError} naming the input, the
 * line and column, and what was expected.
 */
export function parseAlertInput(options: ParseAlertInputOptions): {
  raw: string;
  value: Record<string, unknown>;
} {
  const { raw, value } = parseJsonInput(options);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidAlertError({
      input: options.input,
      line: 1,
      column: 1,
      expected: 'a JSON object (one alert)',
      found: Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`,
    });
  }
  return { raw, value: value as Record<string, unknown> };
}

/**
 * Checks that `bytes` are one JSON value in UTF-8 that the store can keep (see {@link parseAlertInput})
 * and returns the text, unchanged, with the parsed value.
 */
export function parseJsonInput({ bytes, input, maxBytes = 1024 * 1024 }: ParseAlertInputOptions): {
  raw: string;
  value: unknown;
} {
  if (bytes.byteLength > maxBytes) {
    throw new InvalidAlertError({
      input,
      expected: `an alert of at most ${maxBytes} bytes`,
      found: `${bytes.byteLength} bytes`,
    });
  }
  let raw: string;
  try {
    raw = decoder.decode(bytes);
  } catch (error) {
    throw new InvalidAlertError({
      input,
      expected: 'UTF-8 text',
      found: 'bytes that are not UTF-8',
      cause: error,
    });
  }
  if (raw.trim() === '') throw new InvalidAlertError({ input, expected: 'a JSON object', found: 'nothing' });
  const text = raw.startsWith('\uFEFF') ? raw.slice(1) : raw;
  const refused = refusedContent(text);
  if (refused !== undefined) {
    const { line, column } = lineAndColumn(raw, refused.position + raw.length - text.length);
    throw new InvalidAlertError({ input, line, column, expected: refused.expected, found: refused.found });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const { position, expected } = jsonErrorPosition(text) ?? {
      position: text.length,
      expected: 'valid JSON',
    };
    const { line, column } = lineAndColumn(raw, position + raw.length - text.length);
    throw new InvalidAlertError({
      input,
      line,
      column,
      expected: `valid JSON: ${expected}`,
      found: describeAt(text, position),
      cause: error,
    });
  }
  return { raw, value };
}

/** Nesting deeper than this is refused: no alert needs it, and recursive readers of the alert would overflow. */
export const maxAlertDepth = 64;

/**
 * What JSON allows but the store cannot keep or the readers of an alert cannot take: nesting deeper than
 * {@link maxAlertDepth}, a NUL character (`\u0000`, which PostgreSQL text cannot hold) or a lone UTF-16
 * surrogate escape (not a character). One linear pass over the text, outside and inside strings.
 */
function refusedContent(text: string): { position: number; expected: string; found: string } | undefined {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x22) inString = false;
      else if (char === 0x5c) {
        if (text[index + 1] === 'u') {
          const code = Number.parseInt(text.slice(index + 2, index + 6), 16);
          if (code === 0) {
            return { position: index, expected: 'text without NUL characters', found: '"\\u0000"' };
          }
          if (code >= 0xd800 && code <= 0xdfff) {
            const low =
              text.slice(index + 6, index + 8) === '\\u'
                ? Number.parseInt(text.slice(index + 8, index + 12), 16)
                : -1;
            if (code >= 0xdc00 || !(low >= 0xdc00 && low <= 0xdfff)) {
              return {
                position: index,
                expected: 'a Unicode character (a high surrogate escape followed by a low one)',
                found: `the lone surrogate ${JSON.stringify(text.slice(index, index + 6))}`,
              };
            }
            index += 6;
          }
        }
        index += 1;
      }
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > maxAlertDepth) {
        return {
          position: index,
          expected: `objects and arrays nested at most ${maxAlertDepth} deep`,
          found: `nesting deeper than ${maxAlertDepth}`,
        };
      }
    } else if (char === 0x7d || char === 0x5d) depth -= 1;
  }
  return undefined;
}

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position);
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

function describeAt(text: string, position: number): string {
  if (position >= text.length) return 'the end of the input';
  return JSON.stringify(text.slice(position, position + 20));
}
