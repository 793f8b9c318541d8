import { describe, expect, it } from 'vitest';
import { claudeLegacyTokenizer } from './claude-legacy-tokenizer.js';
import { deepSeekV3Tokenizer } from './deepseek-v3-tokenizer.js';
import { qwenTokenizer } from './qwen-tokenizer.js';
import { tiktokenTokenizer } from './tiktoken-tokenizer.js';
import { utf8BytesTokenizer } from './utf8-bytes-tokenizer.js';

describe('tokenizers', () => {
  it('load once and are shared (lazy singletons)', () => {
    expect(deepSeekV3Tokenizer()).toBe(deepSeekV3Tokenizer());
    expect(claudeLegacyTokenizer()).toBe(claudeLegacyTokenizer());
    expect(tiktokenTokenizer('o200k_base')).toBe(tiktokenTokenizer('o200k_base'));
    expect(tiktokenTokenizer('cl100k_base')).not.toBe(tiktokenTokenizer('o200k_base'));
  });

  it('count with their own vocabulary', () => {
    expect(tiktokenTokenizer('o200k_base').count('hello world')).toBe(2);
    expect(tiktokenTokenizer('cl100k_base').count('hello world')).toBe(2);
    expect(deepSeekV3Tokenizer().count('hello world')).toBe(2);
    expect(claudeLegacyTokenizer().count('hello world')).toBe(2);
    expect(utf8BytesTokenizer().count('héllo')).toBe(6);
  });

  it('count Qwen text and its special tokens with the Qwen vocabulary', () => {
    expect(qwenTokenizer()).toBe(qwenTokenizer());
    expect(qwenTokenizer().count('hello world')).toBe(2);
    expect(qwenTokenizer().count('<|im_start|>')).toBe(1);
    expect(qwenTokenizer().count('<tool_call>')).toBe(1);
  });

  it('count a DeepSeek special token written in the text as one token', () => {
    expect(deepSeekV3Tokenizer().count('<｜User｜>')).toBe(1);
  });

  it('count OpenAI special tokens in text as plain text, as the API does for content', () => {
    expect(tiktokenTokenizer('o200k_base').count('<|endoftext|>')).toBeGreaterThan(1);
  });
});
