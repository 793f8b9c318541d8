import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MissingVocabularyError } from '../errors/missing-vocabulary-error.js';
import { bpeTokenizer } from './bpe-tokenizer.js';
import type { Tokenizer } from './tokenizer.js';
import { loadVocabularyFile, readVocabularyFile, type VocabularyFile } from './vocabulary-file.js';

/** The vocabularies kioku ships, one compact file each (written by `scripts/build-vocabularies.mjs`). */
export type VocabularyName = 'o200k_base' | 'cl100k_base' | 'claude-legacy' | 'deepseek-v3' | 'qwen2.5';

// dist/tokens/vocabularies, from src/tokens (tests) as from dist/tokens (the package).
const shippedDirectory = fileURLToPath(new URL('../../dist/tokens/vocabularies/', import.meta.url));

/** Where vocabulary files are read from: `KIOKU_VOCABULARY_DIR` when set, else the package's own. */
export function vocabularyDirectory(): string {
  return process.env.KIOKU_VOCABULARY_DIR || shippedDirectory;
}

/** The file of vocabulary `name` in `directory`. */
export function vocabularyPath(name: VocabularyName, directory = vocabularyDirectory()): string {
  return join(directory, `${name}.bin`);
}

/** Whether the file of vocabulary `name` is there (without reading it). */
export function hasVocabulary(name: VocabularyName, directory = vocabularyDirectory()): boolean {
  return existsSync(vocabularyPath(name, directory));
}

const loaded = new Map<string, Tokenizer>();

/**
 * The tokenizer of a shipped vocabulary, read on first use (a few milliseconds to tens of milliseconds)
 * and shared per file. Throws `MissingVocabularyError` when the file cannot be read.
 *
 * @example
 * vocabularyTokenizer('o200k_base').count('hello world'); // 2
 */
export function vocabularyTokenizer(name: VocabularyName, directory = vocabularyDirectory()): Tokenizer {
  const path = vocabularyPath(name, directory);
  let tokenizer = loaded.get(path);
  if (tokenizer === undefined) {
    let file: VocabularyFile;
    try {
      file = readVocabularyFile(path);
    } catch (error) {
      throw new MissingVocabularyError({ vocabulary: name, path, cause: error });
    }
    tokenizer = bpeTokenizer(file);
    loaded.set(path, tokenizer);
  }
  return tokenizer;
}

/**
 * Loads the tokenizer of a shipped vocabulary ahead of its first count, reading and decompressing the
 * file off the event loop, so that `vocabularyTokenizer(name)` then returns at once. Rejects with the
 * signal's reason when `abortSignal` is aborted first, and with `MissingVocabularyError` when the file
 * cannot be read.
 */
export async function loadVocabularyTokenizer(
  name: VocabularyName,
  { abortSignal, directory = vocabularyDirectory() }: { abortSignal?: AbortSignal; directory?: string } = {},
): Promise<Tokenizer> {
  abortSignal?.throwIfAborted();
  const path = vocabularyPath(name, directory);
  const known = loaded.get(path);
  if (known !== undefined) return known;
  let file: VocabularyFile;
  try {
    file = await loadVocabularyFile(path);
  } catch (error) {
    throw new MissingVocabularyError({ vocabulary: name, path, cause: error });
  }
  abortSignal?.throwIfAborted();
  // Another load may have finished meanwhile: keep the one already shared.
  let tokenizer = loaded.get(path);
  if (tokenizer === undefined) {
    tokenizer = bpeTokenizer(file);
    loaded.set(path, tokenizer);
  }
  return tokenizer;
}
