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
export function parseAlertInput({ bytes, input, maxBytes = 1024 * 1024 }: ParseAlertInputOptions): {
  raw: string;
  value: Record<string, unknown>;
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
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidAlertError({
      input,
      line: 1,
      column: 1,
      expected: 'a JSON object (one alert)',
      found: Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`,
    });
  }
  return { raw, value: value as Record<string, unknown> };
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
