import { anthropicMediaTokens } from './anthropic-media-tokens.js';
import { anthropicTemplate } from './anthropic-template.js';
import type { Calibration } from './calibration.js';
import { calibrationFor } from './calibration-file.js';
import { type CalibratableCounter, createTemplateCounter } from './template-counter.js';
import type { Tokenizer } from './tokenizer.js';
import { vocabularyTokenizer } from './vocabulary-tokenizer.js';

/** Options of {@link createClaudeCounter}. */
export interface ClaudeCounterOptions {
  /**
   * Default: Anthropic's legacy tokenizer (the 65,000-entry BPE of Claude 1 and 2 that
   * `@anthropic-ai/tokenizer` shipped), loaded on first count.
   */
  tokenizer?: () => Tokenizer;
  /** Default: the committed calibration of `claude`. */
  calibration?: Calibration;
}

/**
 * Estimates Claude 3+ prompt tokens: Claude's vocabulary is not public, so messages are counted with the
 * legacy Claude tokenizer in an approximate Anthropic layout, then scaled per content kind and given the
 * per-message, per-tool-call and tool-preamble overheads fitted on billed usage; images by Anthropic's
 * pixel rule. `exact` is false. The calibration was fitted on Claude 3.5 Sonnet's billed usage; Claude 4.x
 * models share the family and are estimates by the same fit (no Claude 4 usage is in the recorded sets).
 *
 * @example
 * const counter = createClaudeCounter();
 * counter.countPrompt({ messages, tools });
 */
export function createClaudeCounter({
  tokenizer = () => vocabularyTokenizer('claude-legacy'),
  calibration = calibrationFor('claude'),
}: ClaudeCounterOptions = {}): CalibratableCounter {
  return createTemplateCounter({
    family: 'claude',
    exact: false,
    tokenizer,
    template: anthropicTemplate(),
    calibration,
    mediaTokens: anthropicMediaTokens,
  });
}
