import { InvalidArgumentError } from 'commander';
import { parseModelSpec } from '../ai-sdk/index.js';
import { detectContextOverflow } from '../overflow/index.js';
import { kiokuDefault, pipeline, renamed, type Strategy } from '../strategies/index.js';
import { estimatedSummarization, summarization } from '../summarization/index.js';
import { compactModel } from './compact-command-model.js';

/** A strategy `kioku analyze` replays besides the catalog's, said to be an estimate when it is one. */
export interface SummaryEntry {
  name: string;
  description: string;
  /** True when its summaries are placeholders of a stated size: no model was called. */
  estimated: boolean;
  create: () => Strategy<unknown>;
}

/** Options of {@link summaryEntries}: what `--summarizer`, `--base-url` and `--estimate-summaries` gave. */
export interface SummaryEntriesOptions {
  /** `provider:model` of the summarizer. */
  summarizer?: string | undefined;
  baseUrl?: string | undefined;
  /** Size of each estimated summary, in tokens. */
  estimateSummaries?: number | undefined;
  /** Bound on each summarizer call; default 120 s. */
  timeoutSeconds?: number;
}

/** How a summary-backed strategy's summaries are triggered and cut, for the descriptions. */
const howSummarized = 'the oldest 70% summarized once the prompt reaches 80% of the window';

/**
 * The strategies `--summarizer` and `--estimate-summaries` add: kioku's default followed by summarization
 * with the model given (`kioku-default+summarization`), and followed by summaries estimated at a stated
 * size (`kioku-default+estimated-summaries`, `estimated: true`). Builds the summarizer now, so a missing
 * key or unknown provider is reported before any replay.
 */
export async function summaryEntries({
  summarizer,
  baseUrl,
  estimateSummaries,
  timeoutSeconds = 120,
}: SummaryEntriesOptions): Promise<SummaryEntry[]> {
  const entries: SummaryEntry[] = [];
  if (summarizer !== undefined) {
    const model = await compactModel({ spec: summarizer, baseUrl, timeoutSeconds });
    entries.push({
      name: 'kioku-default+summarization',
      description: `kioku's default, then summarization by ${summarizer} (${howSummarized}); its calls are counted and billed`,
      estimated: false,
      create: () =>
        renamed(
          pipeline(
            kiokuDefault(),
            summarization({
              model,
              // The summarizer's own overflow splits its input (map-reduce) instead of failing.
              isOverflowError: (error) => detectContextOverflow(error) !== undefined,
            }),
          ),
          'kioku-default+summarization',
        ),
    });
  }
  if (estimateSummaries !== undefined) {
    const tokens = estimateSummaries.toLocaleString('en-US');
    entries.push({
      name: 'kioku-default+estimated-summaries',
      description: `kioku's default, then summarization (${howSummarized}) with summaries estimated at ${tokens} tokens; no model was called`,
      estimated: true,
      create: () =>
        renamed(
          pipeline(kiokuDefault(), estimatedSummarization({ summaryTokens: estimateSummaries })),
          'kioku-default+estimated-summaries',
        ),
    });
  }
  return entries;
}

/** Checks `--summarizer provider:model`. */
export function parseSummarizer(value: string): string {
  if (parseModelSpec(value) === undefined) {
    throw new InvalidArgumentError(
      'expected provider:model, e.g. openai-compatible:qwen2.5-7b or deepseek:deepseek-chat',
    );
  }
  return value;
}
