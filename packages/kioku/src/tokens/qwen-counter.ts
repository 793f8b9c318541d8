import type { Calibration } from './calibration.js';
import { calibrationFor } from './calibration-file.js';
import { qwenTemplate } from './qwen-template.js';
import { type CalibratableCounter, createTemplateCounter } from './template-counter.js';
import type { Tokenizer } from './tokenizer.js';
import { vocabularyTokenizer } from './vocabulary-tokenizer.js';

/** Options of {@link createQwenCounter}. */
export interface QwenCounterOptions {
  /** Default: the Qwen2.5 vocabulary (`tokenizer.json` of Qwen/Qwen2.5; Qwen3 shares it), loaded on first count. */
  tokenizer?: () => Tokenizer;
  /** Default: the committed calibration of `qwen` (identity: no usage data was fitted). */
  calibration?: Calibration;
}

/**
 * Counts Qwen2.5 / Qwen3 / QwQ prompts (Ollama, vLLM, DashScope) with Qwen's own vocabulary and chat
 * template. `exact` is false: the template has not been measured against billed usage yet.
 *
 * @example
 * const counter = createQwenCounter();
 * counter.countPrompt({ messages: [{ role: 'user', content: 'hello' }] });
 */
export function createQwenCounter({
  tokenizer = () => vocabularyTokenizer('qwen2.5'),
  calibration = calibrationFor('qwen'),
}: QwenCounterOptions = {}): CalibratableCounter {
  return createTemplateCounter({
    family: 'qwen',
    exact: false,
    tokenizer,
    template: qwenTemplate(),
    calibration,
  });
}
