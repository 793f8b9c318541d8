import { InvalidArgumentError } from 'commander';
import { estimatedSummarization } from '../entry/strategies.js';
import { kiokuDefault, pipeline, type Strategy } from '../index.js';
import { compactModel } from './compact-command-model.js';
import { expectedModelSpec, readModelOption } from './read-model-option.js';

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
 * The entries `--summarizer` and `--estimate-summaries` give: kioku's default with its summaries written
 * by the model given (named `kioku-default`: it stands in for the catalog's, whose summaries are
 * estimated), and kioku's masking followed by summaries estimated at a stated size
 * (`kioku-default+estimated-summaries`, `estimated: true`). Builds the summarizer now, so a missing key
 * or unknown provider is reported before any replay.
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
      name: 'kioku-default',
      description: `kioku's default, as kiokuMiddleware() runs it, its summaries written by ${summarizer} (${howSummarized}); their calls are counted and billed`,
      estimated: false,
      create: () => kiokuDefault({ summarizer: model }),
    });
  }
  if (estimateSummaries !== undefined) {
    const tokens = estimateSummaries.toLocaleString('en-US');
    entries.push({
      name: 'kioku-default+estimated-summaries',
      description: `kioku's masking and clearing, then summarization (${howSummarized}) with summaries estimated at ${tokens} tokens; no model was called`,
      estimated: true,
      create: () => ({
        ...pipeline(kiokuDefault(), estimatedSummarization({ summaryTokens: estimateSummaries })),
        name: 'kioku-default+estimated-summaries',
      }),
    });
  }
  return entries;
}

/** Checks `--summarizer provider:model`: a provider kioku can build a model for (`readModelOption`). */
export function parseSummarizer(value: string): string {
  if (readModelOption(value).provider === undefined) {
    throw new InvalidArgumentError(`expected ${expectedModelSpec(value)}`);
  }
  return value;
}
