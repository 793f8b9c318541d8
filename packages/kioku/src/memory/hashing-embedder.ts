import { InvalidMemoryInputError } from '../errors/invalid-memory-input-error.js';
import { stopWords } from '../text/stop-words.js';
import type { Embedder } from './embedder.js';
import { hashFeature } from './hash-feature.js';

/** Options of {@link createHashingEmbedder}. */
export interface HashingEmbedderOptions {
  /** Vector length (default 384; see {@link createHashingEmbedder} for why). */
  dimensions?: number;
}

const version = 'kioku-hashing-v1';
const wordPattern = /[\p{L}\p{N}_]+/gu;
// Splits `SigninLogs`, `userPrincipalName`, `HTTPServer2` into their words.
const camelPattern = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+/gu;

/**
 * An offline embedder: no model, no network, deterministic. It hashes the features of a text into a
 * fixed number of buckets with a random sign ("feature hashing"), then L2-normalizes:
 *
 * - every word (lowercased, English function words dropped) and, for identifiers such as
 *   `SigninLogs` or `user_id`, their parts (`signin`, `logs`, `user`, `id`);
 * - pairs of consecutive words, so word order counts a little;
 * - character trigrams of every word, so `login`, `logins` and `logon` are close.
 *
 * It is **lexical, not semantic**: texts are similar when they share words and spellings. "failed
 * sign-ins" and "authentication failures" are not close; use a model embedder
 * ({@link createModelEmbedder}) for meaning. Its strength is recalling memories about the same
 * tables, fields, tools and identifiers, which is what a request about logs usually names.
 *
 * 384 dimensions by default. A request or claim has some tens to a few hundred features; with signed
 * hashing a collision adds noise of mean zero. Measured on the messages of `samples/soc-investigation.json`
 * against a nearly collision-free embedding (16,000 dimensions), the similarity of two texts moves by a
 * standard deviation of 0.047 at 384 dimensions and 0.037 at 768: small next to the gap between
 * paraphrased requests (0.35–0.55) and unrelated ones (about 0), while 768 would double the storage and
 * the distance computations of every search for a 20% smaller error.
 *
 * @example
 * const embedder = createHashingEmbedder();
 * const [vector] = await embedder.embed(['failed logins in SigninLogs']);
 */
export function createHashingEmbedder({ dimensions = 384 }: HashingEmbedderOptions = {}): Embedder {
  if (!Number.isInteger(dimensions) || dimensions < 16 || dimensions > 16_000) {
    throw new InvalidMemoryInputError({
      field: 'dimensions',
      expected: 'an integer from 16 to 16000',
      found: String(dimensions),
    });
  }
  return {
    id: version,
    dimensions,
    kind: 'lexical',
    embed: async (texts) => texts.map((text) => hashText(text, dimensions)),
  };
}

/** True when `id` names the hashing embedder, so a store's recorded embedder can be rebuilt offline. */
export function isHashingEmbedderId(id: string): boolean {
  return id === version;
}

function hashText(text: string, dimensions: number): number[] {
  const weights = new Map<string, number>();
  const add = (feature: string, weight: number) => weights.set(feature, (weights.get(feature) ?? 0) + weight);
  const words = (text.normalize('NFKC').match(wordPattern) ?? []).flatMap(splitWord);
  const kept = words.filter((word) => !stopWords.has(word));
  for (const [index, word] of kept.entries()) {
    add(`w:${word}`, 1);
    const next = kept[index + 1];
    if (next !== undefined) add(`b:${word} ${next}`, 0.5);
    const padded = `^${word}$`;
    const grams = padded.length - 2;
    // Weighted so a word's trigrams together count about as much as the word itself.
    for (let start = 0; start < grams; start++)
      add(`c:${padded.slice(start, start + 3)}`, 1 / Math.sqrt(grams));
  }
  const vector = new Array<number>(dimensions).fill(0);
  for (const [feature, weight] of weights) {
    const { index, sign } = hashFeature(feature, dimensions);
    // Square root: a word repeated ten times should not drown the other words.
    vector[index] = (vector[index] ?? 0) + sign * Math.sqrt(weight);
  }
  let squares = 0;
  for (const value of vector) squares += value * value;
  const norm = Math.sqrt(squares);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

/** A token, lowercased, and its parts when it is an identifier made of several words. */
function splitWord(token: string): string[] {
  const lower = token.toLowerCase();
  const parts = token
    .split('_')
    .flatMap((piece) => piece.match(camelPattern) ?? [])
    .map((part) => part.toLowerCase());
  return parts.length > 1 ? [lower, ...parts] : [lower];
}
