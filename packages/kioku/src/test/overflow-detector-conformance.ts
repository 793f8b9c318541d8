import { APICallError, RetryError } from 'ai';
import { describe, expect, it } from 'vitest';
import type { ContextOverflow } from '../overflow/context-overflow.js';
import type { OverflowDetector } from '../overflow/overflow-detector.js';
import { errorFixtures, fixtureError } from './error-fixture.js';

/** Options of {@link overflowDetectorConformance}. */
export interface OverflowDetectorConformanceOptions {
  make: () => OverflowDetector;
  /** The detector's own captured overflows (fixture file names) and what it must read from each. */
  overflows: Record<string, Partial<ContextOverflow>>;
}

const junk: unknown[] = [
  undefined,
  null,
  42,
  '',
  'prompt',
  new Error('fetch failed'),
  new TypeError('Cannot read properties of undefined'),
  { error: null },
  [],
  new APICallError({
    message: 'Bad Gateway',
    url: 'https://api.example.com',
    requestBodyValues: {},
    statusCode: 502,
    responseBody: '<html><body>502 Bad Gateway</body></html>',
  }),
  new APICallError({
    message: 'Bad Request',
    url: 'https://api.example.com',
    requestBodyValues: {},
    statusCode: 400,
    responseBody: '{"error": {"message": "Invalid value for temperature", "type": "invalid_request_error"}}',
  }),
];

/**
 * The suite every overflow detector passes: it recognises each of its provider's captured overflow
 * bodies (as the AI SDK throws them, inside a `RetryError`, as a `cause`, and as a stream's error value),
 * reading the figures the body states; it recognises no captured non-overflow error of any provider
 * (rate limits, bad keys, `max_tokens` over the output limit) and no junk; it never throws and does not
 * change the error.
 */
export function overflowDetectorConformance({ make, overflows }: OverflowDetectorConformanceOptions): void {
  const detector = make();
  const fixtures = errorFixtures();

  describe(`${detector.provider} overflow detector conformance`, () => {
    it('has a name and provider ids', () => {
      expect(detector.provider).toMatch(/^[a-z][a-z0-9.-]*$/);
      expect(detector.providerIds.length).toBeGreaterThan(0);
    });

    for (const [file, expected] of Object.entries(overflows)) {
      const fixture = fixtures.find((candidate) => candidate.file === file);
      it(`recognises ${file} (${fixture?.source})`, () => {
        if (fixture === undefined) throw new Error(`no fixture ${file} in sources.json`);
        expect(fixture.overflow ?? true).toBe(true);
        const error = fixtureError(fixture);
        const snapshot = JSON.stringify(error);
        const overflow = detector.detect(error);
        expect(overflow).toMatchObject({ provider: detector.provider, ...expected });
        expect(overflow?.message.length).toBeGreaterThan(0);
        for (const key of ['tokensSent', 'tokenLimit', 'promptTokens', 'completionTokens'] as const) {
          if (!(key in expected)) expect(overflow?.[key]).toBeUndefined();
        }
        if (fixture.statusCode !== null) expect(overflow?.statusCode).toBe(fixture.statusCode);
        expect(JSON.stringify(error)).toBe(snapshot);
        expect(detector.detect(error)).toEqual(overflow);
      });

      it(`recognises ${file} wrapped by retries, as a cause, and as a stream error value`, () => {
        if (fixture === undefined) throw new Error(`no fixture ${file}`);
        const error = fixtureError(fixture);
        const retried = new RetryError({
          message: 'Failed after 3 attempts',
          reason: 'maxRetriesExceeded',
          errors: [error, error],
        });
        expect(detector.detect(retried)).toMatchObject({ provider: detector.provider });
        expect(detector.detect(new Error('step failed', { cause: error }))).toMatchObject({
          provider: detector.provider,
        });
        const streamed = JSON.parse(fixture.body) as unknown;
        const inner = Array.isArray(streamed) ? streamed[0] : streamed;
        // OpenAI-style streams carry the inner `error` object; Ollama streams the whole `{"error": "…"}` line.
        const nested = (inner as { error?: unknown }).error;
        const value = typeof nested === 'object' && nested !== null ? nested : inner;
        expect(detector.detect(value)).toMatchObject({ provider: detector.provider });
      });
    }

    for (const fixture of fixtures.filter((candidate) => candidate.overflow === false)) {
      it(`does not take ${fixture.file} (${fixture.statusCode}) for an overflow`, () => {
        expect(detector.detect(fixtureError(fixture))).toBeUndefined();
      });
    }

    it('recognises nothing in junk and never throws', () => {
      const circular: Record<string, unknown> = { message: 'loop' };
      circular.cause = circular;
      for (const value of [...junk, circular]) expect(detector.detect(value)).toBeUndefined();
    });
  });
}
