import type { ModelMessage } from 'ai';
import type { TokenCounter } from '../../tokens/token-counter.js';
import type { ToolDefinition } from '../../transcripts/transcript.js';
import type { StrategyBudget } from '../strategy.js';
import { type SummarizationOptions, summarization } from './summarization.js';
import { type FactsReport, isSummarizeEdit } from './summarize-edit.js';
import { noUsage, type SummaryUsage } from './summary-usage.js';

/** Options of {@link compactHistory}: those of `summarization` (its trigger excepted), and the history. */
export interface CompactHistoryOptions extends Omit<SummarizationOptions, 'trigger' | 'minSliceTokens'> {
  messages: readonly ModelMessage[];
  counter: TokenCounter;
  tools?: readonly ToolDefinition[];
  /** The agent's budget; its window is the summarizer's when neither `contextWindow` nor the catalog gives one. */
  budget?: StrategyBudget;
}

/** What {@link compactHistory} did. */
export interface CompactHistoryResult {
  /** The compacted history (the input, unchanged, when there was nothing to fold). */
  messages: ModelMessage[];
  /** The summary, without the marker; undefined when nothing was folded. */
  summary?: string;
  /** Indexes of the input messages the summary replaced. */
  replaced: number[];
  /** Prompt tokens before and after (tools included), by `counter`. */
  tokensBefore: number;
  tokensAfter: number;
  /** Facts of the replaced messages, and how many the summary lacked (appended under "Preserved facts"). */
  facts?: FactsReport;
  factsRepaired: number;
  /** The summarizer's own calls. */
  summaryUsage: SummaryUsage;
}

/**
 * Compacts a history once, now (for `kioku compact`, or when a provider rejected a prompt as too long):
 * the oldest part at the split becomes one summary message, as `summarization` does, whatever the
 * history's size. Throws `SummarizationError` when the summarizer fails; the input is never changed.
 *
 * @example
 * const result = await compactHistory({ messages, counter, model: openai('gpt-4o-mini'), prompt: securityInvestigationPrompt });
 * console.log(result.tokensBefore, '→', result.tokensAfter, `${result.factsRepaired} facts repaired`);
 */
export async function compactHistory({
  messages,
  counter,
  tools,
  budget = { contextWindow: Number.MAX_SAFE_INTEGER },
  ...options
}: CompactHistoryOptions): Promise<CompactHistoryResult> {
  const strategy = summarization(options);
  const toolsPart = tools === undefined ? {} : { tools };
  const output = await strategy.compact({
    messages,
    ...toolsPart,
    counter,
    budget,
    state: strategy.initialState(),
  });
  const edit = output.edits.find(isSummarizeEdit);
  return {
    messages: output.messages,
    ...(output.state.summary === undefined ? {} : { summary: output.state.summary }),
    replaced: edit?.messageIndexes ?? [],
    tokensBefore: counter.countPrompt({ messages, ...toolsPart }),
    tokensAfter: counter.countPrompt({ messages: output.messages, ...toolsPart }),
    ...(edit?.facts === undefined ? {} : { facts: edit.facts }),
    factsRepaired: edit?.facts?.repaired ?? 0,
    summaryUsage: edit?.usage ?? noUsage,
  };
}
