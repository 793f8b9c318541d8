import type { ModelMessage } from 'ai';
import { isSummaryMessage, summaryText } from '../summary-message.js';
import { extractIndicators } from './extract-indicators.js';
import { extractInstructions } from './extract-instructions.js';
import type { Fact } from './fact.js';
import { messageStrings } from './message-strings.js';
import { preservedInstructions } from './preserved-facts-section.js';

/**
 * The must-keep facts of a slice of history, deterministically: the indicators of compromise in every
 * message (`extractIndicators`) and the explicit instructions in the user's messages
 * (`extractInstructions`). An earlier summary in the slice gives its indicators and the instructions its
 * "Preserved facts" section lists, so what one compaction preserved the next one keeps. Each fact once,
 * instructions first.
 *
 * @example
 * const facts = extractFacts(messages.slice(0, split));
 * facts.filter((fact) => fact.kind === 'ipv4');
 */
export function extractFacts(messages: readonly ModelMessage[]): Fact[] {
  const instructions: Fact[] = [];
  const indicators: Fact[] = [];
  const seen = new Set<string>();
  const add = (into: Fact[], fact: Fact) => {
    const key = `${fact.kind}:${fact.value.toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    into.push(fact);
  };
  for (const message of messages) {
    const summary = isSummaryMessage(message);
    for (const text of messageStrings(message)) {
      for (const fact of extractIndicators(text)) add(indicators, fact);
    }
    if (message.role !== 'user') continue;
    const sentences = summary
      ? preservedInstructions(summaryText(message))
      : messageStrings(message).flatMap((text) => extractInstructions(text));
    for (const value of sentences) add(instructions, { kind: 'instruction', value });
  }
  return [...instructions, ...indicators];
}
