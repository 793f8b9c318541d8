import { InvalidSessionInputError } from '../errors/invalid-session-input-error.js';
import type { CreateSessionInput, RecordCompactionInput } from './session-store.js';
import { storedMessageJson } from './stored-message-json.js';

const maxIdLength = 200;

/** Checks a session id: a non-empty string of at most 200 characters. */
export function checkSessionId(sessionId: unknown, field = 'sessionId'): string {
  if (typeof sessionId !== 'string' || sessionId.length === 0 || sessionId.length > maxIdLength) {
    throw new InvalidSessionInputError({
      field,
      expected: `a session id (a non-empty string of at most ${maxIdLength} characters)`,
      found:
        typeof sessionId === 'string'
          ? `'${sessionId.slice(0, 40)}' (${sessionId.length} characters)`
          : typeof sessionId,
    });
  }
  return sessionId;
}

/** The title and metadata to store for a new session, checked. */
export function checkCreateInput({ title, metadata = {} }: CreateSessionInput): {
  title: string | null;
  metadata: Record<string, unknown>;
} {
  if (title !== undefined && typeof title !== 'string') {
    throw new InvalidSessionInputError({ field: 'title', expected: 'a string', found: typeof title });
  }
  let json: unknown;
  try {
    json = JSON.parse(JSON.stringify(metadata));
  } catch (error) {
    throw new InvalidSessionInputError({
      field: 'metadata',
      expected: 'a JSON object',
      found: (error as Error).message,
    });
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new InvalidSessionInputError({
      field: 'metadata',
      expected: 'a JSON object',
      found: Array.isArray(json) ? 'an array' : typeof metadata,
    });
  }
  return { title: title ?? null, metadata: json as Record<string, unknown> };
}

/** The messages to store, checked, as JSON texts; `field` names the input list in errors. */
export function checkMessages(
  messages: unknown,
  { field, sessionId }: { field: string; sessionId: string },
): string[] {
  if (!Array.isArray(messages)) {
    throw new InvalidSessionInputError({
      sessionId,
      field,
      expected: 'an array of ModelMessage',
      found: typeof messages,
    });
  }
  return messages.map((message: unknown, index) =>
    storedMessageJson(message, { field: `${field}[${index}]`, sessionId }),
  );
}

/** Everything about a compaction that can be checked without reading the session. */
export function checkCompactionInput(
  input: RecordCompactionInput,
): Omit<RecordCompactionInput, 'summary'> & { summary: string[] } {
  const sessionId = checkSessionId(input.sessionId);
  const { replaces, strategy, tokensBefore, tokensAfter } = input;
  const fail = (field: string, expected: string, found: string): never => {
    throw new InvalidSessionInputError({ sessionId, field, expected, found });
  };
  if (
    typeof replaces !== 'object' ||
    replaces === null ||
    !Number.isSafeInteger(replaces.from) ||
    !Number.isSafeInteger(replaces.to) ||
    replaces.from < 0 ||
    replaces.to <= replaces.from
  ) {
    fail(
      'replaces',
      'a range { from, to } of original positions with 0 <= from < to',
      JSON.stringify(replaces),
    );
  }
  if (typeof strategy !== 'string' || strategy.trim() === '') {
    fail('strategy', 'the name of the strategy that compacted', JSON.stringify(strategy));
  }
  for (const [field, value] of [
    ['tokensBefore', tokensBefore],
    ['tokensAfter', tokensAfter],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0)
      fail(field, 'a whole number of tokens >= 0', String(value));
  }
  const summary = checkMessages(input.summary, { field: 'summary', sessionId });
  return {
    sessionId,
    replaces: { from: replaces.from, to: replaces.to },
    summary,
    strategy,
    tokensBefore,
    tokensAfter,
  };
}
