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
  const found = validateHistory(managed);
  if (found.length === 0) return found;
  const before = new Map<string, number>();
  for (const violation of validateHistory(unmanaged)) {
    const key = keyOf(violation);
    before.set(key, (before.get(key) ?? 0) + 1);
  }
  return found.filter((violation) => {
    const left = before.get(keyOf(violation)) ?? 0;
    if (left === 0) return true;
    before.set(keyOf(violation), left - 1);
    return false;
  });
}

function keyOf(violation: HistoryViolation): string {
  return `${violation.kind}:${violation.toolCallId ?? ''}`;
}
