import { countMerged, type PairRule } from './byte-pair-merge.js';
import { byteStringIndex } from './byte-string-index.js';
import { mergeTable } from './merge-table.js';
import type { Tokenizer } from './tokenizer.js';
import type { MergesVocabulary, TiktokenVocabulary, VocabularyFile } from './vocabulary-file.js';

const encoder = new TextEncoder();
const pooledBytes = new Uint8Array(4096 * 3);
let bytes = pooledBytes;

/** UTF-8 bytes of `text` in a shared buffer (valid until the next call); their count. */
function encode(text: string): number {
  // A long piece gets its own buffer, freed after: the pooled one stays small.
  bytes = text.length * 3 <= pooledBytes.length ? pooledBytes : new Uint8Array(text.length * 3);
  return encoder.encodeInto(text, bytes).written;
}

/** Counts the tokens one pre-token's UTF-8 bytes (in the shared buffer) make. */
type PieceCounter = (length: number) => number;

function tiktokenPieces(vocabulary: TiktokenVocabulary): PieceCounter {
  const index = byteStringIndex(vocabulary.lengths, vocabulary.bytes);
  // The rank of every two-byte token by its bytes: the first pairs of a piece are read from here.
  const twoBytes = new Int32Array(65_536).fill(-1);
  let offset = 0;
  vocabulary.lengths.forEach((length, rank) => {
    if (length === 2)
      twoBytes[((vocabulary.bytes[offset] as number) << 8) | (vocabulary.bytes[offset + 1] as number)] = rank;
    offset += length;
  });
  const rule: PairRule = {
    rank: (left, _right, end) =>
      end - left === 2
        ? (twoBytes[((bytes[left] as number) << 8) | (bytes[left + 1] as number)] as number)
        : index.rank(bytes, left, end),
    merged: () => {},
  };
  // tiktoken takes a pre-token that is a token whole before merging.
  return (length) =>
    length < 2 || index.rank(bytes, 0, length) >= 0 ? Math.min(length, 1) : countMerged(length, rule);
}

function mergesPieces(vocabulary: MergesVocabulary): PieceCounter {
  const table = mergeTable(vocabulary.triples);
  const { byteIds } = vocabulary;
  // The merge rank of every pair of bytes: the first pairs of a piece are read from here.
  const bytePairs = new Int32Array(65_536);
  for (let first = 0; first < 256; first += 1) {
    for (let second = 0; second < 256; second += 1) {
      bytePairs[(first << 8) | second] = table.rank(byteIds[first] as number, byteIds[second] as number);
    }
  }
  const pooledIds = new Int32Array(pooledBytes.length);
  let ids = pooledIds;
  const rule: PairRule = {
    rank: (left, right, end) =>
      end - left === 2
        ? (bytePairs[((bytes[left] as number) << 8) | (bytes[right] as number)] as number)
        : table.rank(ids[left] as number, ids[right] as number),
    merged: (left, rank) => {
      ids[left] = table.merged(rank);
    },
  };
  return (length) => {
    ids = length <= pooledIds.length ? pooledIds : new Int32Array(length);
    for (let at = 0; at < length; at += 1) ids[at] = byteIds[bytes[at] as number] as number;
    return countMerged(length, rule);
  };
}

const cachedPieceLength = 64;
const maxCachedPieces = 100_000;
/** Longer texts are estimated from {@link sampleWindows} windows of this length in all. */
export const maxExactLength = 262_144;
const sampleWindows = 32;

/**
 * A tokenizer over a compact vocabulary file: added tokens count as one, the rest is normalised, split by
 * the vocabulary's pre-tokenizer and each piece merged as its BPE merges it (see `countMerged`), so counts
 * are tiktoken's or Hugging Face's. Counts of short pieces are remembered: ordinary text repeats them.
 * Work is linear in the text and bounded: a text longer than {@link maxExactLength} characters (a
 * 10 MB tool output, say) is counted on 32 evenly spaced windows of 8,192 characters and scaled to its
 * length, a deterministic estimate that costs what counting 256 KiB costs.
 */
export function bpeTokenizer(vocabulary: VocabularyFile): Tokenizer {
  const countPiece = vocabulary.model === 'tiktoken' ? tiktokenPieces(vocabulary) : mergesPieces(vocabulary);
  const steps = vocabulary.preTokenizer.map((step) =>
    'match' in step
      ? { regex: new RegExp(step.match, 'gu'), gaps: false }
      : { regex: new RegExp(step.split, 'gu'), gaps: true },
  );
  const added =
    vocabulary.addedTokens.length === 0
      ? undefined
      : new RegExp(
          [...vocabulary.addedTokens]
            .sort((a, b) => b.length - a.length)
            .map((token) => token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('|'),
          'g',
        );
  const cache = new Map<string, number>();

  function countPieceOf(piece: string): number {
    const cacheable = piece.length <= cachedPieceLength;
    if (cacheable) {
      const known = cache.get(piece);
      if (known !== undefined) return known;
    }
    const count = countPiece(encode(piece));
    if (cacheable) {
      if (cache.size >= maxCachedPieces) cache.clear();
      cache.set(piece, count);
    }
    return count;
  }

  function split(text: string, step: number): number {
    const rule = steps[step];
    if (rule === undefined) return countPieceOf(text);
    let total = 0;
    let previous = 0;
    for (const match of text.matchAll(rule.regex)) {
      const [piece] = match;
      if (rule.gaps && previous < match.index) total += split(text.slice(previous, match.index), step + 1);
      if (piece.length > 0) total += split(piece, step + 1);
      previous = match.index + piece.length;
    }
    if (rule.gaps && previous < text.length) total += split(text.slice(previous), step + 1);
    return total;
  }

  function countSection(text: string): number {
    if (text.length === 0) return 0;
    const normalized = vocabulary.normalizer === null ? text : text.normalize(vocabulary.normalizer);
    return normalized.length === 0 ? 0 : split(normalized, 0);
  }

  function countExactly(text: string): number {
    if (added === undefined) return countSection(text);
    let total = 0;
    let previous = 0;
    for (const match of text.matchAll(added)) {
      total += countSection(text.slice(previous, match.index)) + 1;
      previous = match.index + match[0].length;
    }
    return total + countSection(text.slice(previous));
  }

  // Compiles the pre-tokenizer's regexes now (their first use costs milliseconds), so that the first
  // count of a long text does not pay for it.
  countExactly("Ready: 1 [x] 'd\n");

  return {
    name: vocabulary.name,
    count(text) {
      if (text.length <= maxExactLength) return countExactly(text);
      const width = maxExactLength / sampleWindows;
      let tokens = 0;
      let sampled = 0;
      for (let window = 0; window < sampleWindows; window += 1) {
        let start = Math.floor((window * (text.length - width)) / (sampleWindows - 1));
        // Not between the halves of a surrogate pair.
        if (isLowSurrogate(text.charCodeAt(start))) start += 1;
        const part = text.slice(start, start + width);
        tokens += countExactly(part);
        sampled += part.length;
      }
      return Math.round((tokens * text.length) / sampled);
    },
  };
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
