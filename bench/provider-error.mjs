// Shared by the bench scripts that replay captured provider errors.
import { APICallError } from 'ai';

/**
 * What the AI SDK's provider packages throw for a captured error body (`{ body, statusCode }` from
 * packages/kioku/src/overflow/__fixtures__): an `APICallError` with the status, the raw body, the parsed
 * body as `data` (none for a body that is not JSON, such as a proxy's HTML page) and the provider's
 * message; a stream's error value (the parsed body) when it had no status.
 */
export function providerError(fixture) {
  let data;
  try {
    data = JSON.parse(fixture.body);
  } catch {
    data = undefined;
  }
  if (fixture.statusCode === null) return data;
  const first = Array.isArray(data) ? data[0] : data;
  const message =
    typeof first?.error === 'string'
      ? first.error
      : (first?.error?.message ?? first?.message ?? 'Bad Request');
  return new APICallError({
    message,
    url: 'https://api.example.com/v1/chat/completions',
    requestBodyValues: {},
    statusCode: fixture.statusCode,
    responseHeaders: { 'content-type': data === undefined ? 'text/html' : 'application/json' },
    responseBody: fixture.body,
    isRetryable: fixture.statusCode === 429 || fixture.statusCode >= 500,
    data,
  });
}
