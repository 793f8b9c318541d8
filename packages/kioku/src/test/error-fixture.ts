import { readFileSync } from 'node:fs';
import { APICallError } from 'ai';
import sources from '../overflow/__fixtures__/sources.json' with { type: 'json' };

/** One captured provider error: its body, status and where it was captured. */
export interface ErrorFixture {
  file: string;
  provider: string;
  /** `null` for an error that arrived inside a stream. */
  statusCode: number | null;
  /** False for an error that is not a context overflow (rate limit, bad key). */
  overflow?: boolean;
  source: string;
  note: string;
  /** The body, byte for byte. */
  body: string;
}

const directory = new URL('../overflow/__fixtures__/', import.meta.url);

/** Every captured provider error in `src/overflow/__fixtures__`, with its body. */
export function errorFixtures(): ErrorFixture[] {
  return (sources as Omit<ErrorFixture, 'body'>[]).map((source) => ({
    ...source,
    body: readFileSync(new URL(source.file, directory), 'utf8'),
  }));
}

/** The fixture named `file`. */
export function errorFixture(file: string): ErrorFixture {
  const fixture = errorFixtures().find((candidate) => candidate.file === file);
  if (fixture === undefined) throw new Error(`no error fixture ${file}`);
  return fixture;
}

/**
 * What the AI SDK's provider packages throw for this body: an `APICallError` with the status, the raw
 * body, the parsed body as `data` (none for a body that is not JSON) and the provider's message. A
 * stream error (no status) is returned as the value a provider puts in the stream's `error` part: the
 * parsed body.
 */
export function fixtureError(fixture: Pick<ErrorFixture, 'body' | 'statusCode'>): unknown {
  const data = parsedBody(fixture.body);
  if (fixture.statusCode === null) return data;
  return new APICallError({
    message: messageOf(data) ?? 'Bad Request',
    url: 'https://api.example.com/v1/chat/completions',
    requestBodyValues: {},
    statusCode: fixture.statusCode,
    responseHeaders: { 'content-type': data === undefined ? 'text/html' : 'application/json' },
    responseBody: fixture.body,
    isRetryable: fixture.statusCode === 429 || fixture.statusCode >= 500,
    data,
  });
}

// A proxy's error page is HTML: the SDK keeps the raw body and has no parsed `data`.
function parsedBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function messageOf(data: unknown): string | undefined {
  const first = Array.isArray(data) ? data[0] : data;
  if (typeof first !== 'object' || first === null) return undefined;
  const record = first as Record<string, unknown>;
  const error = record.error;
  if (typeof error === 'string') return error;
  if (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  ) {
    return (error as { message: string }).message;
  }
  return typeof record.message === 'string' ? record.message : undefined;
}
