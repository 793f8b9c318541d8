import type { ModelMessage } from 'ai';
import { extractIndicators } from './extract-indicators.js';
import type { Fact } from './fact.js';
import { messageStrings } from './message-strings.js';

/**
 * Facts in the order a capped "Preserved facts" section keeps them: user instructions first, in the
 * order given; then indicators by how often and how lately the messages mention them (the number of
 * messages naming one, times the position of the last of them, from 1/n for the first message to 1 for
 * the last), the earlier one on a tie. An indicator no message names comes last.
 *
 * @example
 * const ranked = prioritizeFacts(slice, extractFacts(slice));
 * ranked.slice(0, 20); // the instructions, then the most mentioned and most recent IOCs
 */
export function prioritizeFacts(messages: readonly ModelMessage[], facts: readonly Fact[]): Fact[] {
  const mentions = new Map<string, { count: number; last: number }>();
  messages.forEach((message, index) => {
    const named = new Set<string>();
    for (const text of messageStrings(message)) {
      for (const fact of extractIndicators(text)) named.add(keyOf(fact));
    }
    for (const key of named) {
      const seen = mentions.get(key);
      mentions.set(key, { count: (seen?.count ?? 0) + 1, last: index });
    }
  });
  const score = (fact: Fact) => {
    const seen = mentions.get(keyOf(fact));
    return seen === undefined ? 0 : (seen.count * (seen.last + 1)) / messages.length;
  };
  const instructions = facts.filter((fact) => fact.kind === 'instruction');
  const indicators = facts
    .filter((fact) => fact.kind !== 'instruction')
    .map((fact, order) => ({ fact, order, score: score(fact) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ fact }) => fact);
  return [...instructions, ...indicators];
}

function keyOf(fact: Fact): string {
  return `${fact.kind}:${fact.value.toLowerCase()}`;
}
