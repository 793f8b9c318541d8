import type { ModelMessage } from 'ai';
import { splitSteps, splitTurns } from '../../messages/split-turns.js';
import type { TokenCounter } from '../../tokens/token-counter.js';
import { checkFraction } from '../internal/check-option.js';

/** Options of {@link splitByFraction}. */
export interface SplitByFractionOptions {
  /** Share of the history, by tokens, to put before the split; default 0.7. */
  fraction?: number;
  counter: TokenCounter;
  /** Split between steps (default) or between whole turns. */
  unit?: 'steps' | 'turns';
}

/**
 * Where to split a history so that the oldest `fraction` of it by size (tokens, leading system messages
 * not counted) is before the index: the step (or turn) boundary nearest that size, the earlier on a tie.
 * A boundary never separates a tool call from its result, and the last step (or turn) always stays after
 * it: the latest question and the results the next call needs are never before the index. Returns an
 * index from the first non-system message (nothing before) to the start of the last step or turn.
 * Summarization compresses
 * `messages.slice(0, index)` (keeping the system prompt and pinned messages) and keeps the rest verbatim.
 *
 * @example
 * const index = splitByFraction(messages, { fraction: 0.7, counter });
 * const [old, recent] = [messages.slice(0, index), messages.slice(index)];
 */
export function splitByFraction(
  messages: readonly ModelMessage[],
  { fraction = 0.7, counter, unit = 'steps' }: SplitByFractionOptions,
): number {
  checkFraction({ strategy: 'splitByFraction', option: 'fraction', value: fraction });
  let start = 0;
  while (messages[start]?.role === 'system') start += 1;
  const sizes = messages.map((message, index) => (index < start ? 0 : counter.countMessage(message)));
  const goal = fraction * sizes.reduce((sum, size) => sum + size, 0);
  const boundaries = (unit === 'turns' ? splitTurns : splitSteps)(messages)
    .map((span) => span.start)
    .filter((index) => index > start);
  let best = start;
  let bestDistance = goal;
  let before = 0;
  let index = start;
  for (const boundary of boundaries) {
    for (; index < boundary; index += 1) before += sizes[index] ?? 0;
    const distance = Math.abs(before - goal);
    if (distance < bestDistance) {
      best = boundary;
      bestDistance = distance;
    }
  }
  return best;
}
