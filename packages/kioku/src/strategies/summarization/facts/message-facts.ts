import type { ModelMessage } from 'ai';
import { isObservation } from '../../../messages/observation-mark.js';
import { isSummaryMessage, summaryText } from '../summary-message.js';
import { extractTextFacts } from './extract-text-facts.js';
import type { Fact } from './fact.js';
import { messageStrings } from './message-strings.js';
import { preservedFacts } from './preserved-facts-section.js';

/**
 * Who wrote a message's text: the user (not an observation, not a summary), the agent (its text,
 * reasoning and calls), a tool (tool results and the observations of a text-based agent), or an earlier
 * summary.
 */
export type FactAuthor = 'user' | 'agent' | 'tool' | 'summary';

/** The facts (but instructions) one message names, and who wrote them. */
export interface MessageFacts {
  author: FactAuthor;
  facts: Fact[];
}

/** Options of {@link messageFacts}. */
export interface MessageFactsOptions {
  /** Machine names known from earlier messages (see `extractTextFacts`). */
  hosts?: Iterable<string>;
}

/**
 * The facts of one message but instructions (`extractTextFacts` on each of its strings), with who wrote
 * them. An earlier summary gives the facts its "Preserved facts" section lists (hosts included) and those
 * of its text.
 */
export function messageFacts(message: ModelMessage, options: MessageFactsOptions = {}): MessageFacts {
  if (isSummaryMessage(message)) {
    const text = summaryText(message);
    return {
      author: 'summary',
      facts: [
        ...preservedFacts(text).filter((fact) => fact.kind !== 'instruction'),
        ...extractTextFacts(text, options),
      ],
    };
  }
  const author: FactAuthor =
    message.role === 'tool' || isObservation(message)
      ? 'tool'
      : message.role === 'user'
        ? 'user'
        : message.role === 'assistant'
          ? 'agent'
          : 'user';
  return { author, facts: messageStrings(message).flatMap((text) => extractTextFacts(text, options)) };
}

/** The key a fact is known by: its kind and its value, case aside (the host apart). */
export function factKey(fact: Pick<Fact, 'kind' | 'value'>): string {
  return `${fact.kind}:${fact.value.toLowerCase()}`;
}

/** The key a fact seen on a machine is known by: `factKey` and the machine, so each machine's is kept. */
export function pairedFactKey(fact: Pick<Fact, 'kind' | 'value' | 'host'>): string {
  return `${factKey(fact)}@${fact.host?.toLowerCase() ?? ''}`;
}
