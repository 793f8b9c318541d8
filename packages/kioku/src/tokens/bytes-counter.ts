import type { Calibration } from './calibration.js';
import { calibrationFor } from './calibration-file.js';
import type { MediaTokens } from './media-part.js';
import { openAIMediaTokens } from './openai-media-tokens.js';
import { plainTemplate } from './plain-template.js';
import { type CalibratableCounter, createTemplateCounter } from './template-counter.js';
import type { Tokenizer } from './tokenizer.js';
import { utf8BytesTokenizer } from './utf8-bytes-tokenizer.js';

/** Options of {@link createBytesCounter}. */
export interface BytesCounterOptions {
  /** The family it reports, default `bytes`; `gemini` for Gemini models (their vocabulary is not public). */
  family?: string;
  /** What images and documents cost; default OpenAI's tile rule, as an estimate. */
  mediaTokens?: MediaTokens;
  /** Default: counts UTF-8 bytes (a stand-in tokenizer the scales turn into tokens). */
  tokenizer?: () => Tokenizer;
  /** Default: the committed calibration of `bytes` (tokens per UTF-8 byte per content kind, overheads). */
  calibration?: Calibration;
}

/**
 * Estimates tokens for models without a known tokenizer from UTF-8 bytes: the scales of its calibration
 * are tokens per byte (fitted on the recorded usage of all families), plus per-message overheads.
 * `exact` is false.
 *
 * @example
 * const counter = createBytesCounter();
 * counter.exact; // false
 */
export function createBytesCounter({
  family = 'bytes',
  mediaTokens = openAIMediaTokens,
  tokenizer = utf8BytesTokenizer,
  calibration = calibrationFor('bytes'),
}: BytesCounterOptions = {}): CalibratableCounter {
  return createTemplateCounter({
    family,
    mediaTokens,
    exact: false,
    tokenizer,
    template: plainTemplate(),
    calibration,
  });
}
