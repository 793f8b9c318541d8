import type { Fact } from './fact.js';
import { factChecker } from './fact-checker.js';
import { renderPreservedFacts } from './preserved-facts-section.js';

/** Options of {@link preserveFacts}. */
export interface PreserveFactsOptions {
  /** The summary the model wrote. */
  summary: string;
  /** The facts it must hold (see `extractFacts`). */
  facts: readonly Fact[];
}

/** What {@link preserveFacts} found and did. */
export interface PreservedFacts {
  /** The summary, with a "Preserved facts" section listing the missing facts when there were any. */
  text: string;
  /** Facts the summary already held. */
  present: Fact[];
  /** Facts it left out, now listed in the section. */
  repaired: Fact[];
}

/**
 * Checks that a summary holds every fact of the slice it replaces and appends the missing ones,
 * verbatim, under a "Preserved facts" heading, so no indicator or instruction is lost to a summarizer
 * that dropped it.
 *
 * @example
 * const { text, repaired } = preserveFacts({ summary, facts: extractFacts(slice) });
 * console.log(`${repaired.length} facts repaired`);
 */
export function preserveFacts({ summary, facts }: PreserveFactsOptions): PreservedFacts {
  const present = factChecker(summary);
  const held: Fact[] = [];
  const repaired: Fact[] = [];
  for (const fact of facts) (present(fact) ? held : repaired).push(fact);
  const text = repaired.length === 0 ? summary : `${summary.trimEnd()}\n\n${renderPreservedFacts(repaired)}`;
  return { text, present: held, repaired };
}
