import type { ModelMessage } from 'ai';
import { InvalidHistoryError } from '../errors/invalid-history-error.js';
import { type ValidateHistoryOptions, validateHistory } from './validate-history.js';

/**
 * Throws an `InvalidHistoryError` listing every violation when `messages` is not a history a provider
 * accepts; returns nothing when it is. `context` names what produced the history in the message.
 */
export function assertValidHistory(
  messages: readonly ModelMessage[],
  { context, ...options }: ValidateHistoryOptions & { context?: string } = {},
): void {
  const violations = validateHistory(messages, options);
  if (violations.length > 0) {
    throw new InvalidHistoryError(context === undefined ? { violations } : { violations, context });
  }
}
