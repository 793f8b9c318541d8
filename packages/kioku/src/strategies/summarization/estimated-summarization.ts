import { StrategyOptionsError } from '../../errors/strategy-options-error.js';
import type { TokenCounter } from '../../tokens/token-counter.js';
import { checkCount, checkFraction } from '../internal/check-option.js';
import { type CompactionStrategy, compactionStrategy } from './compaction-strategy.js';
import { generalPrompt } from './prompts/general-prompt.js';
import { resolveSplit, type SummarizationSplit, type SummarizationTrigger } from './split-options.js';
import { summaryMessage } from './summary-message.js';

/** Options of {@link estimatedSummarization}. */
export interface EstimatedSummarizationOptions {
  /** Size of each summary, in tokens; default 1000 (the cap when `ratio` is given too). */
  summaryTokens?: number;
  /** Size of each summary as a share of what it replaces (e.g. 0.1), instead of a fixed size. */
  ratio?: number;
  /** As `summarization`'s; default `'fraction'`. */
  split?: SummarizationSplit;
  /** As `summarization`'s. */
  trigger?: SummarizationTrigger;
  /** Fewest tokens of new messages worth a summary; default twice the summary size (256 with `ratio` alone). */
  minSliceTokens?: number;
  /** Tokens of the summarizer's instructions, billed with each summary call; default `generalPrompt`'s. */
  promptTokens?: number;
  /** The strategy's name; default `'estimated-summarization'`. */
  name?: string;
}

const filler = '(estimated summary content)';

/**
 * Summarization for replays without a model: the same split, trigger and state logic as `summarization`,
 * but each summary is a clearly labeled placeholder of a stated size ("Estimated summary: a placeholder of
 * about N tokens…"), so a replay shows summarization's effect on tokens and cost and can say it is an
 * estimate (`estimated: true` in the edits). Each fresh edit bills the summary call it stands for:
 * `usage.inputTokens` = instructions + the replaced messages, `usage.outputTokens` = the summary.
 *
 * @example
 * const strategy = pipeline(observationMasking(), estimatedSummarization({ trigger: { inputTokens: 20_000 } }));
 * const replay = await replayTranscript({ transcript, strategy, counter, pricing });
 */
export function estimatedSummarization({
  summaryTokens,
  ratio,
  split = 'fraction',
  trigger,
  minSliceTokens,
  promptTokens,
  name = 'estimated-summarization',
}: EstimatedSummarizationOptions = {}): CompactionStrategy {
  const strategy = 'estimatedSummarization';
  if (summaryTokens !== undefined)
    checkCount({ strategy, option: 'summaryTokens', value: summaryTokens, min: 1 });
  if (ratio !== undefined) {
    checkFraction({ strategy, option: 'ratio', value: ratio });
    if (ratio === 0)
      throw new StrategyOptionsError({ strategy, option: 'ratio', value: ratio, expected: 'more than 0' });
  }
  const fixed = ratio === undefined ? (summaryTokens ?? 1000) : undefined;
  /** The placeholder's size for a slice of `sliceTokens` tokens. */
  const sizeFor = (sliceTokens: number) =>
    Math.max(
      1,
      fixed ?? Math.min(summaryTokens ?? Number.POSITIVE_INFINITY, Math.round((ratio ?? 0) * sliceTokens)),
    );
  const minimum = minSliceTokens ?? (fixed === undefined ? 256 : 2 * fixed);
  checkCount({ strategy, option: 'minSliceTokens', value: minimum });
  if (promptTokens !== undefined) checkCount({ strategy, option: 'promptTokens', value: promptTokens });
  return compactionStrategy({
    name,
    needsModel: false,
    estimated: true,
    split: resolveSplit(strategy, split, trigger),
    minSliceTokens: minimum,
    tooLong: 'skip',
    summaryMessageTokens: (slice, sliceTokens, counter) =>
      counter.countMessage(
        summaryMessage(
          estimatedSummaryText({
            tokens: sizeFor(sliceTokens),
            messages: slice.length,
            sliceTokens,
            counter,
          }),
        ),
      ),
    async summarize({ slice, sliceTokens, counter, carried }) {
      const text = estimatedSummaryText({
        tokens: sizeFor(sliceTokens),
        messages: slice.length,
        sliceTokens,
        counter,
      });
      return {
        text,
        usage: {
          inputTokens: (promptTokens ?? counter.countText(generalPrompt)) + sliceTokens,
          outputTokens: counter.countText(text),
          calls: 1,
        },
        instructions: carried,
      };
    },
  });
}

/** An estimated summary's text: the label, then filler up to about `tokens` tokens. */
export function estimatedSummaryText({
  tokens,
  messages,
  sliceTokens,
  counter,
}: {
  tokens: number;
  messages: number;
  sliceTokens: number;
  counter: TokenCounter;
}): string {
  const label = `[Estimated summary: a placeholder of about ${tokens} tokens standing in for a model's summary of ${messages} messages (${sliceTokens} tokens); no model was called.]`;
  const each = Math.max(1, counter.countText(` ${filler}`));
  const repeats = Math.max(0, Math.floor((tokens - counter.countText(label)) / each));
  return label + ` ${filler}`.repeat(repeats);
}
