import type { ModelMessage } from 'ai';
import { isSummaryMessage, summaryText } from '../summary-message.js';
import { extractInstructions } from './extract-instructions.js';
import type { Fact } from './fact.js';
import { factKey, messageFacts, pairedFactKey } from './message-facts.js';
import { messageStrings } from './message-strings.js';
import { preservedInstructions } from './preserved-facts-section.js';

/** Kinds a code listing or a log dump names by the hundred: kept only where the conversation names them. */
const namedKinds = new Set<Fact['kind']>(['path', 'identifier', 'host', 'user']);

/**
 * The must-keep facts of a slice of history, deterministically: the explicit instructions in the user's
 * messages (`extractInstructions`); the indicators of compromise in every message (`extractIndicators`);
 * the paths, identifiers and host and user names (`extractEntities`) the user or the agent named (its
 * text and calls, not only a tool output: a listing names hundreds it never uses); each address, user,
 * path or hash with the machine a record showed it on (`pairHosts`). An earlier summary in the slice
 * gives the facts its "Preserved facts" section lists, so what one compaction preserved the next one
 * keeps. Each fact once (once per machine), instructions first.
 *
 * @example
 * const facts = extractFacts(messages.slice(0, split));
 * facts.filter((fact) => fact.kind === 'ipv4');
 */
export function extractFacts(messages: readonly ModelMessage[]): Fact[] {
  const instructions: Fact[] = [];
  const others: Fact[] = [];
  const named = new Set<string>();
  const seen = new Set<string>();
  const add = (into: Fact[], fact: Fact) => {
    const key = pairedFactKey(fact);
    if (seen.has(key)) return;
    seen.add(key);
    into.push(fact);
  };
  // Machines named so far: a later row that names one alone pairs its values with it.
  const hosts = new Set<string>();
  for (const message of messages) {
    const { author, facts } = messageFacts(message, { hosts });
    for (const fact of facts) {
      if (author !== 'tool') named.add(factKey(fact));
      if (fact.kind === 'host') hosts.add(fact.value);
      add(others, fact);
    }
    if (message.role !== 'user') continue;
    const sentences = isSummaryMessage(message)
      ? preservedInstructions(summaryText(message))
      : author === 'user'
        ? messageStrings(message).flatMap((text) => extractInstructions(text))
        : [];
    for (const value of sentences) add(instructions, { kind: 'instruction', value });
  }
  const kept = others.filter((fact) => !namedKinds.has(fact.kind) || named.has(factKey(fact)));
  // A value seen on a machine needs no line of its own without one.
  const onMachine = new Set(kept.filter((fact) => fact.host !== undefined).map(factKey));
  return [
    ...instructions,
    ...kept.filter((fact) => fact.host !== undefined || !onMachine.has(factKey(fact))),
  ];
}
