import { normalizeMemoryText } from './normalize-memory-text.js';
import { type RedactionResult, redactSecrets } from './redact-secrets.js';

/**
 * A text as memory stores and embeds it when it is not a claim (a run's request, an evicted chunk):
 * normalized (see `normalizeMemoryText`) and trimmed, then its secrets redacted (see `redactSecrets`).
 *
 * @example
 * sanitizeMemoryText('use sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8t\u200b').text; // 'use [REDACTED:openai-key]'
 */
export function sanitizeMemoryText(text: string): RedactionResult {
  return redactSecrets(normalizeMemoryText(text).trim());
}
