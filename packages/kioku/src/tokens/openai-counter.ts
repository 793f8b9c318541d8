import type { Calibration } from './calibration.js';
import { calibrationFor } from './calibration-file.js';
import { chatMlTemplate } from './chatml-template.js';
import { openAIMediaTokens } from './openai-media-tokens.js';
import { type CalibratableCounter, createTemplateCounter } from './template-counter.js';
import type { Tokenizer } from './tokenizer.js';
import { vocabularyTokenizer } from './vocabulary-tokenizer.js';

/** The OpenAI vocabularies this package counts with. */
export type TiktokenEncoding = 'o200k_base' | 'cl100k_base';

/** Options of {@link createOpenAICounter}. */
export interface OpenAICounterOptions {
  /** `o200k_base` (gpt-4o, gpt-4.1, gpt-5, o-series; the default) or `cl100k_base` (gpt-4, gpt-3.5). */
  encoding?: TiktokenEncoding;
  /** Default: the shipped vocabulary of `encoding` (tiktoken's counts), loaded on first count. */
  tokenizer?: () => Tokenizer;
  /** Default: the committed calibration of the encoding, identity when none was fitted. */
  calibration?: Calibration;
}

/**
 * Counts OpenAI chat prompts with OpenAI's vocabulary (tiktoken's counts) and the chat overhead OpenAI documents (3 tokens per
 * message, 3 to prime the reply), images by OpenAI's tile rule. The family is the encoding's short name:
 * `o200k` or `cl100k`.
 *
 * @example
 * const counter = createOpenAICounter({ encoding: 'cl100k_base' });
 * counter.countMessage({ role: 'user', content: 'hello' });
 */
export function createOpenAICounter({
  encoding = 'o200k_base',
  tokenizer = () => vocabularyTokenizer(encoding),
  calibration,
}: OpenAICounterOptions = {}): CalibratableCounter {
  const family = encoding === 'o200k_base' ? 'o200k' : 'cl100k';
  return createTemplateCounter({
    family,
    exact: true,
    tokenizer,
    template: chatMlTemplate(),
    calibration: calibration ?? calibrationFor(family),
    mediaTokens: openAIMediaTokens,
  });
}
