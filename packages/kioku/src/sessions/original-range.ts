import { InvalidSessionInputError } from '../errors/invalid-session-input-error.js';
import type { CurrentView, MessageRange } from './session.js';

/**
 * The original positions behind view messages `[start, end)`: what `recordCompaction` should be told a
 * strategy replaced when it rewrote those messages of the current view.
 *
 * @example
 * const view = await sessions.currentView(id);
 * const { messages: compacted, replacedCount } = summarizeOldest(view.messages); // your strategy
 * await sessions.recordCompaction({
 *   sessionId: id,
 *   replaces: originalRange(view, { start: 1, end: 1 + replacedCount }),
 *   summary: compacted.slice(1, 2),
 *   strategy: 'summary',
 *   tokensBefore: 90_000,
 *   tokensAfter: 20_000,
 * });
 */
export function originalRange(
  view: Pick<CurrentView, 'origins' | 'sessionId'>,
  { start, end }: { start: number; end: number },
): MessageRange {
  if (
    !Number.isInteger(start) ||
    !Number.isInteger(end) ||
    start < 0 ||
    end <= start ||
    end > view.origins.length
  ) {
    throw new InvalidSessionInputError({
      sessionId: view.sessionId,
      field: 'view range',
      expected: `integers 0 <= start < end <= ${view.origins.length} (the view's length)`,
      found: `[${start}, ${end})`,
    });
  }
  const first = view.origins[start] as MessageRange;
  const last = view.origins[end - 1] as MessageRange;
  return { from: first.from, to: last.to };
}
