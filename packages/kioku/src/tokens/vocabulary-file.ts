import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliDecompressSync, brotliDecompress as zlibBrotliDecompress } from 'node:zlib';

/** One step of splitting text into pre-tokens: `match` keeps the regex's matches, `split` the gaps too. */
export type PreTokenizerStep = { match: string } | { split: string };

/** What a vocabulary file says about how its text is prepared, before the byte pair merges. */
export interface VocabularyHeader {
  /** The vocabulary, e.g. `o200k_base`, `deepseek-v3`. */
  name: string;
  /** `tiktoken`: a pair merges when its bytes are a token (ranked by the token); `merges`: when listed. */
  model: 'tiktoken' | 'merges';
  normalizer: 'NFC' | 'NFKC' | null;
  /** Strings that count as one token wherever they are written (longest first at a position). */
  addedTokens: string[];
  /** Applied in turn to every piece the previous step made. */
  preTokenizer: PreTokenizerStep[];
  /** Where the vocabulary came from (a dev dependency's file). */
  source: string;
}

/** A tiktoken vocabulary: every token's bytes, by rank. */
export interface TiktokenVocabulary extends VocabularyHeader {
  model: 'tiktoken';
  tokens: number;
  /** Byte length of the token of each rank. */
  lengths: Uint8Array;
  /** The tokens' bytes, one after the other by rank. */
  bytes: Uint8Array;
}

/** A byte-level BPE vocabulary: the start token of every byte and the ranked merges. */
export interface MergesVocabulary extends VocabularyHeader {
  model: 'merges';
  merges: number;
  /** The token id of each byte value. */
  byteIds: Uint32Array;
  /** Per merge in rank order: left id, right id, merged id. */
  triples: Uint32Array;
}

/** A vocabulary file's content (see `scripts/build-vocabularies.mjs`, which writes them). */
export type VocabularyFile = TiktokenVocabulary | MergesVocabulary;

/**
 * Reads a compact vocabulary file: a brotli-compressed JSON header followed by typed arrays. Throws Node's
 * error when the file cannot be read.
 */
export function readVocabularyFile(path: string | URL): VocabularyFile {
  return parseVocabularyFile(brotliDecompressSync(readFileSync(path)));
}

/**
 * Reads a compact vocabulary file without blocking the event loop while it is read and decompressed (both
 * run on libuv's thread pool); only the parse of the header runs here.
 */
export async function loadVocabularyFile(path: string | URL): Promise<VocabularyFile> {
  return parseVocabularyFile(await brotliDecompress(await readFile(path)));
}

const brotliDecompress = promisify(zlibBrotliDecompress);

function parseVocabularyFile(raw: Buffer): VocabularyFile {
  const headerLength = raw.readUInt32LE(0);
  const header = JSON.parse(raw.toString('utf8', 4, 4 + headerLength)) as VocabularyFile;
  // Copied so the typed arrays are aligned whatever the header's length.
  const body = new Uint8Array(raw.subarray(4 + headerLength));
  if (header.model === 'tiktoken') {
    const lengths = body.subarray(0, header.tokens);
    return { ...header, lengths, bytes: body.subarray(header.tokens) };
  }
  const words = new Uint32Array(body.buffer, body.byteOffset, body.byteLength / 4);
  return {
    ...header,
    byteIds: words.subarray(0, 256),
    triples: words.subarray(256, 256 + header.merges * 3),
  };
}
