import type { Calibration } from './calibration.js';
import { calibrationFor } from './calibration-file.js';
import { deepSeekV32Template } from './deepseek-v32-template.js';
import { type CalibratableCounter, createTemplateCounter } from './template-counter.js';
import type { Tokenizer } from './tokenizer.js';
import { vocabularyTokenizer } from './vocabulary-tokenizer.js';

/** Options of {@link createDeepSeekCounter}. */
export interface DeepSeekCounterOptions {
  /** Default: the DeepSeek V3 vocabulary (`tokenizer.json` of deepseek-ai/DeepSeek-V3), loaded on first count. */
  tokenizer?: () => Tokenizer;
  /** Default: the committed calibration of `deepseek-v3`. */
  calibration?: Calibration;
}

/**
 * Counts DeepSeek V3.x prompts (`deepseek-chat`, `deepseek-reasoner`) with the DeepSeek V3 vocabulary and
 * V3.2's chat encoding, so the count is exact up to the small calibrated residual of the template.
 *
 * @example
 * const counter = createDeepSeekCounter();
 * counter.countPrompt({ messages: [{ role: 'user', content: 'hello' }] });
 */
export function createDeepSeekCounter({
  tokenizer = () => vocabularyTokenizer('deepseek-v3'),
  calibration = calibrationFor('deepseek-v3'),
}: DeepSeekCounterOptions = {}): CalibratableCounter {
  return createTemplateCounter({
    family: 'deepseek-v3',
    exact: true,
    tokenizer,
    template: deepSeekV32Template(),
    calibration,
  });
}
