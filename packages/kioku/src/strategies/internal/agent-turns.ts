import type { ModelMessage } from 'ai';
import { splitSteps, splitTurns } from '../../messages/split-turns.js';

/**
 * The turns (or steps) of a history that hold more than system messages: what `splitEveryNTurns` and
 * `turnsTrigger` count (a leading run of system messages is not a turn).
 */
export function agentTurns(
  messages: readonly ModelMessage[],
  unit: 'turns' | 'steps',
): { start: number; end: number }[] {
  return (unit === 'turns' ? splitTurns : splitSteps)(messages).filter((span) =>
    messages.slice(span.start, span.end).some((message) => message.role !== 'system'),
  );
}
