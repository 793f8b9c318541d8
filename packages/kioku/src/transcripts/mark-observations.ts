import type { ModelMessage } from 'ai';
import { markObservation } from '../messages/observation-mark.js';

/** Which user turns of a text-based agent are observations (see {@link markObservations}). */
export type ObservationTurns = 'labelled' | 'after-action';

const labelled = /^\s*observation\s*:/i;

/**
 * Marks the observations of a text-based (ReAct) agent (`markObservation`) so strategies can mask them:
 * user messages right after an assistant message that open with "Observation:" (`labelled`), or every
 * user message right after an assistant message (`after-action`: SecRL agent logs and text SWE-agent
 * histories, where the environment answers each action in a user turn). The messages are otherwise
 * unchanged; the first user message (the task) never follows an action, so it is never marked.
 *
 * @example
 * const marked = markObservations(messages, 'after-action');
 */
export function markObservations(messages: readonly ModelMessage[], turns: ObservationTurns): ModelMessage[] {
  return messages.map((message, index) => {
    if (message.role !== 'user' || messages[index - 1]?.role !== 'assistant') return message;
    if (turns === 'labelled' && !labelled.test(firstText(message))) return message;
    return markObservation(message);
  });
}

function firstText(message: ModelMessage & { role: 'user' }): string {
  if (typeof message.content === 'string') return message.content;
  const part = message.content.find((candidate) => candidate.type === 'text');
  return part?.type === 'text' ? part.text : '';
}
