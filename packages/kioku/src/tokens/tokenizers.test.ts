import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MissingVocabularyError } from '../errors/missing-vocabulary-error.js';
import { maxExactLength } from './bpe-tokenizer.js';
import { countMerged } from './byte-pair-merge.js';
import { utf8BytesTokenizer } from './utf8-bytes-tokenizer.js';
import { loadVocabularyTokenizer, vocabularyTokenizer } from './vocabulary-tokenizer.js';

describe('tokenizers', () => {
  it('load once and are shared', async () => {
    expect(vocabularyTokenizer('deepseek-v3')).toBe(vocabularyTokenizer('deepseek-v3'));
    expect(vocabularyTokenizer('cl100k_base')).not.toBe(vocabularyTokenizer('o200k_base'));
    expect(await loadVocabularyTokenizer('claude-legacy')).toBe(vocabularyTokenizer('claude-legacy'));
  });

  it('count with their own vocabulary', () => {
    expect(vocabularyTokenizer('o200k_base').count('hello world')).toBe(2);
    expect(vocabularyTokenizer('cl100k_base').count('hello world')).toBe(2);
    expect(vocabularyTokenizer('deepseek-v3').count('hello world')).toBe(2);
    expect(vocabularyTokenizer('claude-legacy').count('hello world')).toBe(2);
    expect(utf8BytesTokenizer().count('héllo')).toBe(6);
  });

  it('count Qwen text and its special tokens with the Qwen vocabulary', () => {
    expect(vocabularyTokenizer('qwen2.5').count('hello world')).toBe(2);
    expect(vocabularyTokenizer('qwen2.5').count('<|im_start|>')).toBe(1);
    expect(vocabularyTokenizer('qwen2.5').count('<tool_call>')).toBe(1);
  });

  it('count a DeepSeek special token written in the text as one token', () => {
    expect(vocabularyTokenizer('deepseek-v3').count('<｜User｜>')).toBe(1);
  });

  it('count OpenAI special tokens in text as plain text, as the API does for content', () => {
    expect(vocabularyTokenizer('o200k_base').count('<|endoftext|>')).toBeGreaterThan(1);
  });

  // Regression: js-tiktoken merged a pre-token by rescanning every pair after each merge (O(n²)), so one
  // 40,000-character run took minutes; it takes milliseconds now. The counts are tiktoken's (gpt-tokenizer,
  // another implementation, gives the same); the conformance suite checks every vocabulary's runs.
  it('counts 40,000-character runs of one character in o200k_base as tiktoken does', () => {
    const tokenizer = vocabularyTokenizer('o200k_base');
    expect(tokenizer.count('a'.repeat(40_000))).toBe(5_000);
    expect(tokenizer.count('['.repeat(40_000))).toBe(20_000);
  });

  it('counts a text longer than the exact limit from windows of it, scaled to its length', () => {
    const tokenizer = vocabularyTokenizer('o200k_base');
    const unit = 'The quick brown fox jumps over the lazy dog. ';
    // Made of whole units, every window holds the same text but for where it starts and ends.
    const text = unit.repeat(Math.ceil((maxExactLength * 4) / unit.length));
    const perUnit = tokenizer.count(unit.repeat(100)) / 100;
    const expected = (text.length / unit.length) * perUnit;
    expect(Math.abs(tokenizer.count(text) - expected) / expected).toBeLessThan(0.001);
  });

  it('throws MissingVocabularyError naming the file when the vocabulary is not there', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'kioku-no-vocabularies-'));
    expect(() => vocabularyTokenizer('o200k_base', directory)).toThrow(MissingVocabularyError);
    expect(() => vocabularyTokenizer('o200k_base', directory)).toThrow(join(directory, 'o200k_base.bin'));
    await expect(loadVocabularyTokenizer('qwen2.5', { directory })).rejects.toThrow(MissingVocabularyError);
  });

  it('stops waiting for a load when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(loadVocabularyTokenizer('cl100k_base', { abortSignal: controller.signal })).rejects.toThrow(
      'stopped',
    );
  });
});

describe('countMerged', () => {
  it('asks for at most three pair ranks per byte, however long the run (linear, not quadratic)', () => {
    const length = 100_000;
    let asked = 0;
    // Every adjacent pair may merge, at the rank of its length: a run of one byte merges into one symbol.
    const symbols = countMerged(length, {
      rank: (left, _right, end) => {
        asked += 1;
        return end - left;
      },
      merged: () => {},
    });
    expect(symbols).toBe(1);
    expect(asked).toBeLessThanOrEqual(length * 3);
  });

  it('merges the lowest rank first and the leftmost of equal ranks', () => {
    // Bytes a b c: pair (a,b) and (b,c) rank alike, so a+b merges and then nothing else may.
    const merged: number[] = [];
    const symbols = countMerged(3, {
      rank: (left, _right, end) => (end - left === 2 ? 5 : -1),
      merged: (left) => merged.push(left),
    });
    expect(symbols).toBe(2);
    expect(merged).toEqual([0]);
  });
});
