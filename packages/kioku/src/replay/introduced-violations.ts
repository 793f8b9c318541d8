import type { ModelMessage } from 'ai';
import type { HistoryViolation } from '../messages/history-violation.js';
import { validateHistory } from '../messages/validate-history.js';

/**
 * The violations of `managed` that `unmanaged` does not have (matched by kind and tool call id), so a
 * recorded history that was already broken is not held against the strategy.
 */
export function introducedViolations(
  unmanaged: readonly ModelMessage[],
  managed: readonly ModelMessage[],
): HistoryViolation[] {
  return violationsNotIn(validateHistory(managed), () => validateHistory(unmanaged));
}

/**
 * The violations `found` that are not among those `before` gives (matched by kind and tool call id, each
 * one once); `before` is only read when something was found.
 */
export function violationsNotIn(
  found: HistoryViolation[],
  before: () => readonly HistoryViolation[],
): HistoryViolation[] {
  if (found.length === 0) return found;
  const left = new Map<string, number>();
  for (const violation of before()) {
    const key = keyOf(violation);
    left.set(key, (left.get(key) ?? 0) + 1);
  }
  return found.filter((violation) => {
    const count = left.get(keyOf(violation)) ?? 0;
    if (count === 0) return true;
    left.set(keyOf(violation), count - 1);
    return false;
  });
}

function keyOf(violation: HistoryViolation): string {
  return `${violation.kind}:${violation.toolCallId ?? ''}`;
}
