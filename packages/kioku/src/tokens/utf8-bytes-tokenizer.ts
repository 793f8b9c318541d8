import type { Tokenizer } from './tokenizer.js';

const encoder = new TextEncoder();

/**
 * A stand-in tokenizer that counts UTF-8 bytes: the bytes-based estimate turns them into tokens with its
 * calibrated tokens-per-byte scales.
 */
export function utf8BytesTokenizer(): Tokenizer {
  return { name: 'utf8-bytes', count: (text) => encoder.encode(text).byteLength };
}
