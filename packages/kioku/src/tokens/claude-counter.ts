import { anthropicTemplate } from './anthropic-template.js';
import type { Calibration } from './calibration.js';
import { calibrationFor } from './calibration-file.js';
import { claudeLegacyTokenizer } from './claude-legacy-tokenizer.js';
import { type CalibratableCounter, createTemplateCounter } from './template-counter.js';
import type { Tokenizer } from './tokenizer.js';

/** Options of {@link createClaudeCounter}. */
export interface ClaudeCounterOptions {
  /** Default: Anthropic's legacy tokenizer, loaded on first count. */
  tokenizer?: () => Tokenizer;
  /** Default: the committed calibration of `claude`. */
  calibration?: Calibration;
}

/**
 * Estimates Claude 3+ prompt tokens: Claude's vocabulary is not public, so messages are counted with the
 * legacy Claude tokenizer in an approximate Anthropic layout, then scaled per content kind and given the
 * per-message, per-tool-call and tool-preamble overheads fitted on billed usage. `exact` is false.
 *
 * @example
 * const counter = createClaudeCounter();
 * counter.countPrompt({ messages, tools });
 */
export function createClaudeCounter({
  tokenizer = claudeLegacyTokenizer,
  calibration = calibrationFor('claude'),
}: ClaudeCounterOptions = {}): CalibratableCounter {
  return createTemplateCounter({
    family: 'claude',
    exact: false,
    tokenizer,
    template: anthropicTemplate(),
    calibration,
  });
}
