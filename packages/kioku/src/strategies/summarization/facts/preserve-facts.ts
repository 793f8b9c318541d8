import type { TokenCounter } from '../../../tokens/token-counter.js';
import { extractTextFacts } from './extract-text-facts.js';
import type { Fact } from './fact.js';
import { factChecker } from './fact-checker.js';
import { factKey } from './message-facts.js';
import { renderPreservedFacts } from './preserved-facts-section.js';

/** A cap on the "Preserved facts" section of {@link preserveFacts}. */
export interface FactsCap {
  /** Most tokens the section may add to the summary, by `counter`. */
  maxTokens: number;
  counter: TokenCounter;
  /** Orders the missing facts by priority when they do not all fit; default: as given (see `prioritizeFacts`). */
  prioritize?: (facts: readonly Fact[]) => Fact[];
}

/** Options of {@link preserveFacts}. */
export interface PreserveFactsOptions {
  /** The summary the model wrote. */
  summary: string;
  /** The facts it must hold (see `extractFacts`). */
  facts: readonly Fact[];
  /** Keeps the section within a number of tokens; default: no cap. */
  cap?: FactsCap;
}

/** What {@link preserveFacts} found and did. */
export interface PreservedFacts {
  /** The summary, with a "Preserved facts" section listing the missing facts when there were any. */
  text: string;
  /** Facts the summary already held. */
  present: Fact[];
  /** Facts it left out, now listed in the section. */
  repaired: Fact[];
  /** Facts it left out that the cap kept out of the section too (counted there, not listed). */
  dropped: Fact[];
}

/**
 * Checks that a summary holds every fact of the slice it replaces (found by `factChecker`, and, but for
 * instructions, read back by `extractTextFacts` as the next compaction reads it) and appends the missing ones,
 * verbatim, under a "Preserved facts" heading, so no indicator or instruction is lost to a summarizer
 * that dropped it. With a `cap`, the section never grows past `cap.maxTokens`: the missing facts first by
 * priority (user instructions, then the most mentioned and most recent indicators) are listed, and the
 * others counted as left out.
 *
 * @example
 * const { text, repaired } = preserveFacts({ summary, facts: extractFacts(slice) });
 * console.log(`${repaired.length} facts repaired`);
 */
export function preserveFacts({ summary, facts, cap }: PreserveFactsOptions): PreservedFacts {
  const present = factChecker(summary);
  // The next compaction reads the summary back with `extractFacts`: a fact the checker finds in words
  // the extractor would not take again ("the changelog" for `ChangeLog`) is lost then, so it is listed.
  const readBack = new Set(extractTextFacts(summary).map(factKey));
  const held: Fact[] = [];
  const missing: Fact[] = [];
  for (const fact of facts) {
    const kept = present(fact) && (fact.kind === 'instruction' || readBack.has(factKey(fact)));
    (kept ? held : missing).push(fact);
  }
  const withSection = (listed: readonly Fact[], leftOut: number) =>
    `${summary.trimEnd()}\n\n${renderPreservedFacts(listed, { leftOut })}`;
  const result = (listed: Fact[], dropped: Fact[]): PreservedFacts => ({
    text: listed.length + dropped.length === 0 ? summary : withSection(listed, dropped.length),
    present: held,
    repaired: listed,
    dropped,
  });
  if (cap === undefined || missing.length === 0) return result(missing, []);
  const { maxTokens, counter, prioritize = (all) => [...all] } = cap;
  const base = counter.countText(summary.trimEnd());
  const fits = (listed: readonly Fact[], leftOut: number) =>
    counter.countText(withSection(listed, leftOut)) - base <= maxTokens;
  if (fits(missing, 0)) return result(missing, []);
  const ranked = prioritize(missing);
  // The longest prefix of the ranked facts whose section fits (the section only grows with its facts).
  let kept = 0;
  for (let high = ranked.length - 1; kept < high; ) {
    const middle = Math.ceil((kept + high) / 2);
    if (fits(ranked.slice(0, middle), ranked.length - middle)) kept = middle;
    else high = middle - 1;
  }
  // Not even the count of what was left out fits: no section (the summary alone is the best there is).
  if (kept === 0 && !fits([], ranked.length))
    return { text: summary, present: held, repaired: [], dropped: ranked };
  const chosen = new Set(ranked.slice(0, kept));
  return result(
    missing.filter((fact) => chosen.has(fact)),
    ranked.slice(kept),
  );
}
