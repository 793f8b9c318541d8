import type { Fact } from './fact.js';
import { normalizeText } from './normalize-text.js';

/** Options of {@link factChecker}. */
export interface FactCheckerOptions {
  /**
   * An instruction counts as present when one sentence of the text holds at least this share of its
   * content words, and all of its negations and qualifiers (`not`, `never`, `only`, `always`, `must`).
   * Default 0.8.
   */
  instructionCoverage?: number;
}

const polarity = new Set(['not', 'no', 'never', 'only', 'always', 'must', 'cannot']);
const stopWords = new Set(
  'a an the and or but of to in on at for with by from as is are be been it its this that these those i me my we our you your please'.split(
    ' ',
  ),
);

/**
 * A test of whether a text (a summary) still holds a fact: an indicator, path, identifier or name must
 * appear whole (normalized: case, defanging; `10.0.0.1` is not found in `10.0.0.12`, nor `evil.com` in
 * `notevil.com`), and one seen on a machine (`host`) in the same line or sentence as that machine; an
 * instruction verbatim (normalized) or paraphrased closely in one sentence (see `instructionCoverage`).
 *
 * @example
 * const present = factChecker(summary);
 * const missing = facts.filter((fact) => !present(fact));
 */
export function factChecker(
  text: string,
  { instructionCoverage = 0.8 }: FactCheckerOptions = {},
): (fact: Fact) => boolean {
  const normalized = normalizeText(text);
  let sentences: Set<string>[] | undefined;
  let lines: string[] | undefined;
  return (fact) => {
    const value = normalizeText(fact.value).replace(/[.:/?&=#]+$/, '');
    if (value === '') return true;
    if (fact.kind !== 'instruction') {
      if (!containsWhole(normalized, value)) return false;
      if (fact.host === undefined) return true;
      const host = normalizeText(fact.host);
      lines ??= text.split(/\n+|(?<=[.!?;])\s+/).map(normalizeText);
      return lines.some((line) => containsWhole(line, value) && containsWhole(line, host));
    }
    if (normalized.includes(value)) return true;
    const words = wordsOf(value).filter((word) => !stopWords.has(word));
    if (words.length === 0) return true;
    sentences ??= text
      .split(/\n+|(?<=[.!?;])\s+/)
      .map((sentence) => new Set(wordsOf(normalizeText(sentence))));
    return sentences.some((sentence) => {
      if (!words.every((word) => !polarity.has(word) || sentence.has(word))) return false;
      const held = words.filter((word) => sentence.has(word)).length;
      return held >= instructionCoverage * words.length;
    });
  };
}

/** The words of normalized text, without the punctuation indicators keep. */
function wordsOf(normalized: string): string[] {
  return normalized
    .split(' ')
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word !== '');
}

/** True when `needle` occurs in `haystack` not glued to more of an address, host or hash. */
function containsWhole(haystack: string, needle: string): boolean {
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack[at - 1] ?? ' ';
    const after = haystack.slice(at + needle.length, at + needle.length + 2);
    if (/[\p{L}\p{N}_.@-]/u.test(before)) continue;
    if (/^[\p{L}\p{N}_-]/u.test(after) || /^\.[\p{L}\p{N}]/u.test(after)) continue;
    return true;
  }
  return false;
}
