import type { ModelMessage } from 'ai';
import type { Fact } from './fact.js';
import { factKey, messageFacts } from './message-facts.js';

/** Options of {@link prioritizeFacts}. */
export interface PrioritizeFactsOptions {
  /**
   * The messages after the slice, which the conversation goes on with: a fact they name is one it still
   * relies on. Default: none.
   */
  later?: readonly ModelMessage[];
}

/**
 * Facts in the order a capped "Preserved facts" section keeps them: what the conversation relied on
 * before what was merely frequent. User instructions first, in the order given; then the facts the user
 * named (the task, the user's turns: not tool outputs); then those the agent named itself (in its text or
 * its calls: what it acted on) or the later messages still name; then the rest. Within each group by how
 * often and how lately the messages mention them (the number of messages naming one, times the position
 * of the last of them, from 1/n for the first message to 1 for the last), the earlier one on a tie. A
 * fact no message names comes last.
 *
 * @example
 * const ranked = prioritizeFacts(slice, extractFacts(slice), { later: kept });
 * ranked.slice(0, 20); // the instructions, the task's IOCs, then what the agent queried
 */
export function prioritizeFacts(
  messages: readonly ModelMessage[],
  facts: readonly Fact[],
  { later = [] }: PrioritizeFactsOptions = {},
): Fact[] {
  const mentions = new Map<string, { count: number; last: number }>();
  const byUser = new Set<string>();
  const reliedOn = new Set<string>();
  messages.forEach((message, index) => {
    const { author, facts: named } = messageFacts(message);
    const keys = new Set(named.map(factKey));
    for (const key of keys) {
      const seen = mentions.get(key);
      mentions.set(key, { count: (seen?.count ?? 0) + 1, last: index });
      if (author === 'user') byUser.add(key);
      else if (author === 'agent') reliedOn.add(key);
    }
  });
  for (const message of later) for (const fact of messageFacts(message).facts) reliedOn.add(factKey(fact));
  const tier = (key: string) => (byUser.has(key) ? 0 : reliedOn.has(key) ? 1 : 2);
  const score = (key: string) => {
    const seen = mentions.get(key);
    return seen === undefined ? 0 : (seen.count * (seen.last + 1)) / messages.length;
  };
  const instructions = facts.filter((fact) => fact.kind === 'instruction');
  const others = facts
    .filter((fact) => fact.kind !== 'instruction')
    .map((fact, order) => {
      const key = factKey(fact);
      return { fact, order, tier: tier(key), score: score(key) };
    })
    .sort((a, b) => a.tier - b.tier || b.score - a.score || a.order - b.order)
    .map(({ fact }) => fact);
  return [...instructions, ...others];
}
