import type { ContextOverflow } from './context-overflow.js';
import type { ErrorFacts } from './error-facts.js';

/** Statuses that are never an overflow, whatever the body says: bad key, forbidden, not found, timeout, rate limit. */
const otherStatuses = new Set([401, 402, 403, 404, 408, 429]);
/** Codes of errors that mention tokens or prompt length but are not an overflow (rate limits, quotas, auth). */
const otherCodes = new Set([
  'rate_limit_exceeded',
  'rate_limit_error',
  'tokens',
  'insufficient_quota',
  'RESOURCE_EXHAUSTED',
  'UNAUTHENTICATED',
  'PERMISSION_DENIED',
  'authentication_error',
  'permission_error',
  'invalid_api_key',
  'FAILED_PRECONDITION',
]);
/** Statuses a provider answers a context overflow with. */
const overflowStatuses = new Set([400, 413]);

/** True for a rate limit, quota or authentication error, which no detector may take for an overflow. */
export function isOtherError(facts: ErrorFacts): boolean {
  if (facts.statusCode !== undefined && otherStatuses.has(facts.statusCode)) return true;
  return facts.codes.some((code) => otherCodes.has(code));
}

/**
 * True when the error came with a status a provider answers an overflow with (400 or 413), or with none
 * (an error inside a stream); `also` adds the statuses a provider documents for its own overflow error.
 * A 500 or a proxy's 502 page that quotes "prompt is too long" is not an overflow.
 */
export function hasOverflowStatus(
  facts: ErrorFacts,
  { also = [] }: { also?: readonly number[] } = {},
): boolean {
  const status = facts.statusCode;
  return status === undefined || overflowStatuses.has(status) || also.includes(status);
}

/**
 * The first of the error's texts `pattern` matches, with the match. Detectors anchor their wording at the
 * start (`^`): the provider's message begins with it, and a message that only quotes it (a 400 that
 * echoes a request value) is not the provider's overflow.
 */
export function matchText(
  facts: ErrorFacts,
  pattern: RegExp,
): { text: string; match: RegExpExecArray } | undefined {
  for (const text of facts.texts) {
    const match = pattern.exec(text);
    if (match !== null) return { text, match };
  }
  return undefined;
}

/** A token count as providers write it (`14429`, `40,000`), or `undefined`. */
export function count(written: string | undefined): number | undefined {
  if (written === undefined) return undefined;
  const value = Number(written.replaceAll(',', ''));
  return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** The first numeric `key` field of the error's JSON documents (e.g. llama-server's `n_ctx`). */
export function numberField(facts: ErrorFacts, key: string): number | undefined {
  for (const document of facts.documents) {
    const value = document[key];
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  }
  return undefined;
}

/** The figures an error states; absent or `undefined` when it does not. */
export type TokenFigures = {
  [Key in 'tokensSent' | 'tokenLimit' | 'promptTokens' | 'completionTokens']?: number | undefined;
};

/** The figures OpenAI's classic wording states, which DeepSeek and vLLM reuse. */
export function maximumContextLengthFigures(text: string): TokenFigures {
  return {
    tokenLimit: count(/maximum context length is ([\d,]+) tokens/i.exec(text)?.[1]),
    tokensSent: count(
      /(?:you requested|resulted in|request has|requested about)\s+(?:about\s+)?([\d,]+)/i.exec(text)?.[1],
    ),
    promptTokens: count(/([\d,]+) in the messages/i.exec(text)?.[1]),
    completionTokens: count(
      (/([\d,]+) in the completion/i.exec(text) ??
        /max_(?:completion_)?tokens'? is too large: ([\d,]+)/i.exec(text))?.[1],
    ),
  };
}

/** A {@link ContextOverflow} with only the figures that are known. */
export function contextOverflow(
  provider: string,
  facts: ErrorFacts,
  message: string,
  figures: TokenFigures = {},
): ContextOverflow {
  const overflow: ContextOverflow = { provider, message };
  if (facts.statusCode !== undefined) overflow.statusCode = facts.statusCode;
  for (const key of ['tokensSent', 'tokenLimit', 'promptTokens', 'completionTokens'] as const) {
    const value = figures[key];
    if (value !== undefined) overflow[key] = value;
  }
  return overflow;
}
