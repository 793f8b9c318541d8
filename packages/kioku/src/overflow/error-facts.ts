import { RetryError } from 'ai';

/** What an error says, gathered from wherever it says it: for detectors to read, not to keep. */
export interface ErrorFacts {
  /**
   * The HTTP status of the first HTTP error found (an `APICallError`'s `statusCode`); for a `RetryError`,
   * that of its last error.
   */
  statusCode?: number;
  /** Every message found: the error's own, the body's `message`/`error`/`detail` strings, nested ones. */
  texts: string[];
  /** Every `code`, `type`, `status` and `reason` value found in bodies, as strings. */
  codes: string[];
  /** Every JSON object found in bodies, nested JSON strings and stream error values, outermost first. */
  documents: Record<string, unknown>[];
  /** Response headers, keys lower-cased. */
  headers: Record<string, string>;
}

const maxDepth = 8;
const textKeys = ['message', 'error', 'detail', 'msg', 'errorMessage'];
const codeKeys = ['code', 'type', 'status', 'reason', 'errorType'];
const nestedKeys = ['error', 'errors', 'detail', 'details', 'metadata', 'data'];
const cache = new WeakMap<object, ErrorFacts>();

/**
 * Reads any thrown value into {@link ErrorFacts}: an AI SDK `APICallError` (status, headers, the raw
 * `responseBody` and its parsed `data`), a `RetryError` (its last error: the one that ended the retries,
 * e.g. an overflow after a 429, which is not retried), a `cause` chain, a stream's
 * error value (a plain object), a JSON string inside a JSON string (Ollama wraps llama-server's error so).
 * Never throws; cached per object.
 */
export function errorFacts(error: unknown): ErrorFacts {
  if (typeof error === 'object' && error !== null) {
    const cached = cache.get(error);
    if (cached !== undefined) return cached;
  }
  const facts: ErrorFacts = { texts: [], codes: [], documents: [], headers: {} };
  const seen = new Set<unknown>();
  visitError(error, 0);
  if (typeof error === 'object' && error !== null) cache.set(error, facts);
  return facts;

  function visitError(value: unknown, depth: number): void {
    if (depth > maxDepth || value === null || value === undefined || seen.has(value)) return;
    if (typeof value === 'string') {
      visitText(value, depth);
      return;
    }
    if (typeof value !== 'object') return;
    seen.add(value);
    if (RetryError.isInstance(value)) {
      visitError(value.lastError, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    if (!(value instanceof Error) && !('responseBody' in record) && !('statusCode' in record)) {
      visitDocument(value, depth);
      return;
    }
    const status = record.statusCode;
    if (typeof status === 'number' && facts.statusCode === undefined) facts.statusCode = status;
    const headers = record.responseHeaders;
    if (typeof headers === 'object' && headers !== null) {
      for (const [key, header] of Object.entries(headers)) {
        if (typeof header === 'string') facts.headers[key.toLowerCase()] ??= header;
      }
    }
    if (typeof record.responseBody === 'string') visitText(record.responseBody, depth + 1);
    if (record.data !== undefined) visitDocument(record.data, depth + 1);
    if (typeof record.message === 'string') visitText(record.message, depth + 1);
    if (Array.isArray(record.errors)) for (const inner of record.errors) visitError(inner, depth + 1);
    visitError(record.lastError, depth + 1);
    visitError(record.cause, depth + 1);
  }

  function visitText(text: string, depth: number): void {
    const trimmed = text.trim();
    if (trimmed === '') return;
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      try {
        visitDocument(JSON.parse(trimmed), depth + 1);
        return;
      } catch {
        // Not JSON after all: read it as text.
      }
    }
    facts.texts.push(trimmed);
  }

  function visitDocument(value: unknown, depth: number): void {
    if (depth > maxDepth || value === null || typeof value !== 'object') {
      if (typeof value === 'string') visitText(value, depth);
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) visitDocument(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    facts.documents.push(record);
    for (const key of textKeys) {
      if (typeof record[key] === 'string') visitText(record[key], depth + 1);
    }
    for (const key of codeKeys) {
      const code = record[key];
      if (typeof code === 'string' || typeof code === 'number') facts.codes.push(String(code));
    }
    for (const key of nestedKeys) {
      const nested = record[key];
      if (typeof nested === 'object' && nested !== null) visitDocument(nested, depth + 1);
    }
  }
}
