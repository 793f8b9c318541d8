import type { ModelMessage } from 'ai';
import { sameMessage } from '../messages/same-message.js';
import { validateHistory } from '../messages/validate-history.js';
import { pinnedIndexes } from '../strategies/internal/pinned-indexes.js';

/**
 * Why a strategy's output cannot be sent in place of `input` (to follow the strategy's name, e.g.
 * `returned no messages`), or `undefined` when it can: it is empty,
 * breaks a rule of `validateHistory` the input kept, or lost a pinned message (the task, user
 * instructions, IOCs; a copy that differs only by its cache marker is kept).
 */
export function compactionProblem(
  input: readonly ModelMessage[],
  output: readonly ModelMessage[],
): string | undefined {
  if (output.length === 0) return 'returned no messages';
  const options = { allowPendingToolCalls: true };
  const before = new Set(validateHistory(input, options).map((violation) => violation.kind));
  const introduced = validateHistory(output, options).find((violation) => !before.has(violation.kind));
  if (introduced !== undefined) return `returned an invalid history (${introduced.message})`;
  for (const index of pinnedIndexes(input)) {
    const pinned = input[index] as ModelMessage;
    if (!output.some((message) => sameMessage(message, pinned))) return `dropped pinned message ${index}`;
  }
  return undefined;
}
