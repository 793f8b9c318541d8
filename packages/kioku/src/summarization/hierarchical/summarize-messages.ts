import { generateText, type LanguageModel, type ModelMessage } from 'ai';
import { SummarizationError } from '../../errors/summarization-error.js';
import type { TokenCounter } from '../../tokens/token-counter.js';
import { generalPrompt } from '../prompts/general-prompt.js';
import { addUsage, noUsage, type SummaryUsage } from '../summary-usage.js';
import { checkAnswer } from './check-answer.js';
import { cutText } from './cut-text.js';
import { mapWithLimit } from './map-with-limit.js';
import { renderMessage } from './render-message.js';
import { summarizerWindow } from './summarizer-window.js';

/** Options of {@link summarizeMessages}. */
export interface SummarizeMessagesOptions {
  /** The summarizer: any AI SDK language model (it may be cheaper than the agent's). */
  model: LanguageModel;
  messages: readonly ModelMessage[];
  /** Counts the messages and the answers (the agent's counter is a fair estimate for most models). */
  counter: TokenCounter;
  /** The summarizer's instructions; default `generalPrompt`. */
  prompt?: string;
  /** Most tokens one summary may have (the calls' `maxOutputTokens`); default 1024. */
  maxSummaryTokens?: number;
  /**
   * The summarizer's context window. Default: the model catalog's figure for the model's id; when the
   * catalog does not know it, the messages go in one call.
   */
  contextWindow?: number | undefined;
  /** Chunk summaries made at once; default 4. */
  concurrency?: number;
  /** Retries of each call (the AI SDK's `maxRetries`); default 2. */
  maxRetries?: number;
  /**
   * Recognises the summarizer's own context-overflow error; such a failure splits the call's input in
   * two and merges the halves' summaries instead of failing. Default: none (the window is trusted).
   */
  isOverflowError?: ((error: unknown) => boolean) | undefined;
  abortSignal?: AbortSignal | undefined;
}

/** A summary and what it took. */
export interface SummaryResult {
  text: string;
  /** Tokens and calls of every summarizer call made (chunks and merges). */
  usage: SummaryUsage;
  /** Parts the messages were summarized in (1: one call). */
  chunks: number;
  /** Rounds of merging partial summaries (0: none). */
  levels: number;
  /** Messages cut to head and tail because one alone did not fit the summarizer's window. */
  cutMessages: number;
}

const requestOverhead = 200;
const safety = 0.9;

/**
 * Summarizes messages with a language model, hierarchically when they do not fit its window (map-reduce):
 * the messages are split by tokens on message boundaries, the parts summarized concurrently (at most
 * `concurrency` at once), the partial summaries merged by further calls, recursively until one is left.
 * A message larger than a part is cut to its head and tail with `[… N characters cut …]`. A call that
 * overflows anyway (see `isOverflowError`) is split in two. An answer that is empty, not text or
 * degenerate, and a summary not shorter than the messages, throw `SummarizationError`.
 *
 * @example
 * const { text, usage } = await summarizeMessages({
 *   model: openai('gpt-4o-mini'),
 *   messages: history.slice(1, split),
 *   counter,
 *   prompt: securityInvestigationPrompt,
 * });
 */
export async function summarizeMessages({
  model,
  messages,
  counter,
  prompt = generalPrompt,
  maxSummaryTokens = 1024,
  contextWindow = summarizerWindow(model),
  concurrency = 4,
  maxRetries = 2,
  isOverflowError,
  abortSignal,
}: SummarizeMessagesOptions): Promise<SummaryResult> {
  const instructions = `${prompt}\n\nKeep the summary under ${maxSummaryTokens} tokens.`;
  const budget =
    contextWindow === undefined
      ? Number.POSITIVE_INFINITY
      : Math.floor(
          (contextWindow - maxSummaryTokens - counter.countText(instructions) - requestOverhead) * safety,
        );
  let usage: SummaryUsage = noUsage;
  if (budget < 2 * maxSummaryTokens) {
    throw new SummarizationError({
      reason: 'window-too-small',
      message: `the summarizer's window (${contextWindow} tokens) leaves ${Math.max(0, budget)} tokens for the history after its instructions and a ${maxSummaryTokens}-token answer; it needs at least ${2 * maxSummaryTokens}: lower maxSummaryTokens or use a model with a larger window`,
    });
  }
  const rendered = messages.map(renderMessage);
  const inputTokens = rendered.reduce((sum, text) => sum + counter.countText(text), 0);
  let cutMessages = 0;
  const pieces = rendered.map((text) => {
    const fitted = fit(text, budget, counter);
    if (fitted !== text) cutMessages += 1;
    return fitted;
  });

  const call = async (user: string): Promise<string> => {
    let result: Awaited<ReturnType<typeof generateText>>;
    try {
      result = await generateText({
        model,
        instructions,
        prompt: user,
        maxOutputTokens: maxSummaryTokens,
        maxRetries,
        ...(abortSignal === undefined ? {} : { abortSignal }),
      });
    } catch (error) {
      throw new SummarizationError({
        reason: 'model-error',
        message: error instanceof Error ? error.message : String(error),
        usage,
        cause: error,
      });
    }
    const answer = result.text;
    usage = addUsage(usage, {
      inputTokens: result.usage.inputTokens ?? counter.countText(instructions) + counter.countText(user),
      outputTokens: result.usage.outputTokens ?? counter.countText(answer),
      calls: 1,
    });
    const checked = checkAnswer({
      text: answer,
      otherParts: result.content.filter((part) => part.type !== 'text').map((part) => part.type),
    });
    if ('failure' in checked) {
      throw new SummarizationError({ reason: checked.failure, message: checked.detail, answer, usage });
    }
    return checked.text;
  };

  /** Summarizes (or merges) `items` in one call; one that overflows the window is halved and merged. */
  const summarize = async (
    items: readonly string[],
    render: (items: readonly string[]) => string,
    depth = 0,
  ): Promise<string> => {
    try {
      return await call(render(items));
    } catch (error) {
      const overflow =
        SummarizationError.isInstance(error) &&
        error.reason === 'model-error' &&
        isOverflowError?.(error.cause) === true;
      if (!overflow || depth >= 8) throw error;
      if (items.length === 1) {
        const only = items[0] ?? '';
        return summarize([cutText(only, only.length / 2)], render, depth + 1);
      }
      const middle = Math.ceil(items.length / 2);
      const halves = await Promise.all([
        summarize(items.slice(0, middle), render, depth + 1),
        summarize(items.slice(middle), render, depth + 1),
      ]);
      return summarize(halves, mergePrompt, depth + 1);
    }
  };

  const chunks = pack(pieces, budget, counter);
  let summaries =
    chunks.length === 1
      ? [await summarize(chunks[0] ?? [], historyPrompt())]
      : await mapWithLimit(chunks, concurrency, (chunk, index) =>
          summarize(chunk, historyPrompt(index, chunks.length)),
        );
  let levels = 0;
  while (summaries.length > 1) {
    levels += 1;
    // Halves of the budget: every group merges two summaries or more, so each round at least halves them.
    const groups = pack(
      summaries.map((summary) => fit(summary, budget / 2 - 8, counter)),
      budget,
      counter,
    );
    if (groups.length === summaries.length) {
      throw new SummarizationError({
        reason: 'window-too-small',
        message: `${summaries.length} partial summaries cannot be merged two at a time in ${budget} tokens`,
        usage,
      });
    }
    summaries = await mapWithLimit(groups, concurrency, (group) =>
      group.length === 1 ? Promise.resolve(group[0] ?? '') : summarize(group, mergePrompt),
    );
  }
  const text = summaries[0] ?? '';
  const tokens = counter.countText(text);
  if (tokens >= inputTokens) {
    throw new SummarizationError({
      reason: 'too-long',
      message: `the summary has ${tokens} tokens, the ${messages.length} messages it would replace ${inputTokens}`,
      answer: text,
      usage,
    });
  }
  return { text, usage, chunks: chunks.length, levels, cutMessages };
}

function historyPrompt(index?: number, total?: number): (items: readonly string[]) => string {
  const intro =
    index === undefined
      ? 'Summarize the conversation history below, following your instructions.'
      : `Below is part ${index + 1} of ${total} of one conversation history, oldest first. Summarize this part, following your instructions; the parts' summaries will be merged.`;
  return (items) => `${intro}\n\n<history>\n${items.join('\n\n')}\n</history>`;
}

function mergePrompt(items: readonly string[]): string {
  const parts = items.map((item, index) => `<summary part="${index + 1}">\n${item}\n</summary>`).join('\n\n');
  return `Below are summaries of consecutive parts of one conversation history, oldest first. Merge them into one summary that follows your instructions: later parts update earlier ones; keep every indicator, identifier and user instruction they hold.\n\n${parts}`;
}

/** `text` cut to head and tail so it holds at most `maxTokens` tokens. */
function fit(text: string, maxTokens: number, counter: TokenCounter): string {
  const tokens = counter.countText(text);
  if (tokens <= maxTokens) return text;
  let fitted = text;
  for (let share = maxTokens / tokens; counter.countText(fitted) > maxTokens && share > 1e-6; share *= 0.9) {
    fitted = cutText(text, Math.floor(text.length * share * 0.95));
  }
  return fitted;
}

/** Consecutive texts grouped so each group holds at most `budget` tokens (a text alone may be a group). */
function pack(texts: readonly string[], budget: number, counter: TokenCounter): string[][] {
  const groups: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const text of texts) {
    const tokens = counter.countText(text) + 4;
    if (current.length > 0 && size + tokens > budget) {
      groups.push(current);
      current = [];
      size = 0;
    }
    current.push(text);
    size += tokens;
  }
  if (current.length > 0 || groups.length === 0) groups.push(current);
  return groups;
}
