import { createRequire } from 'node:module';
import type { TiktokenBPE } from 'js-tiktoken/lite';
import type { Tokenizer } from './tokenizer.js';

/** The OpenAI vocabularies this package counts with. */
export type TiktokenEncoding = 'o200k_base' | 'cl100k_base';

const instances = new Map<TiktokenEncoding, Tokenizer>();

/**
 * An OpenAI tokenizer from `js-tiktoken`, its ranks loaded on first use and shared per encoding.
 * `<|…|>` special tokens in the text are counted as ordinary text, as the API does with user content.
 */
export function tiktokenTokenizer(encoding: TiktokenEncoding): Tokenizer {
  let tokenizer = instances.get(encoding);
  if (tokenizer === undefined) {
    const require = createRequire(import.meta.url);
    const { Tiktoken } = require('js-tiktoken/lite') as typeof import('js-tiktoken/lite');
    const ranks = require(`js-tiktoken/ranks/${encoding}`) as TiktokenBPE;
    const bpe = new Tiktoken(ranks);
    tokenizer = { name: encoding, count: (text) => (text === '' ? 0 : bpe.encode(text, [], []).length) };
    instances.set(encoding, tokenizer);
  }
  return tokenizer;
}
