import { stopWords } from '../text/stop-words.js';

/** The distinct content words of a user message (lowercase, 3+ characters, no stop words), at most 64. */
export function intentWords(text: string): string[] {
  const words = new Set<string>();
  for (const word of text.toLowerCase().split(/[^a-z0-9_]+/)) {
    if (word.length < 3 || stopWords.has(word) || /^\d+$/.test(word)) continue;
    words.add(word);
    if (words.size === 64) break;
  }
  return [...words];
}
