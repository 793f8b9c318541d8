import { generateText, type LanguageModel, type ModelMessage } from 'ai';
import { SummarizationError } from '../../../errors/summarization-error.js';
import type { TokenCounter } from '../../../tokens/token-counter.js';
import { generalPrompt } from '../prompts/general-prompt.js';
import { addUsage, noUsage, type SummaryUsage } from '../summary-usage.js';
import { callLimiter } from './call-limiter.js';
import { checkAnswer } from './check-answer.js';
import { cutText } from './cut-text.js';
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
  /** Aborts every call (in flight or to come); combined with `timeoutMs`. */
  abortSignal?: AbortSignal | undefined;
  /** Most milliseconds one call may take before it is aborted; default 120,000. */
  timeoutMs?: number;
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
/** Halvings of one input a summarizer that rejects it as too long gets before the summary fails. */
const maxSplits = 8;

/**
 * Summarizes messages with a language model, hierarchically when they do not fit its window (map-reduce):
 * the messages are split by tokens on message boundaries, the parts summarized concurrently (at most
 * `concurrency` at once), the partial summaries merged by further calls, recursively until one is left.
 * A message larger than a part is cut to its head and tail with `[… N characters cut …]`. A call that
 * overflows anyway (see `isOverflowError`) is split in two, its halves one after the other, and no later
 * input that large is sent; after 8 halvings the summary fails. Every call (parts, merges, halves) runs
 * under one limit of `concurrency` calls in flight and a timeout (`timeoutMs`); the first failure aborts
 * the calls in flight and is thrown once they have settled. An answer that is empty, not text or
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
  timeoutMs = 120_000,
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
    const fitted = fitToTokens(text, budget, counter);
    if (fitted !== text) cutMessages += 1;
    return fitted;
  });

  // A call that fails otherwise than by overflowing dooms the summary: no other call starts after it.
  const limiter = callLimiter({
    concurrency,
    signal: abortSignal,
    fatal: (error) => isOverflowError?.(error) !== true,
  });
  const call = async (user: string): Promise<string> => {
    let result: Awaited<ReturnType<typeof generateText>>;
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      result = await limiter.run((signal) =>
        generateText({
          model,
          instructions,
          prompt: user,
          maxOutputTokens: maxSummaryTokens,
          maxRetries,
          abortSignal: AbortSignal.any([signal, timeout]),
        }),
      );
    } catch (error) {
      const timedOut = timeout.aborted && abortSignal?.aborted !== true;
      throw new SummarizationError({
        reason: 'model-error',
        message: timedOut
          ? `the summarizer gave no answer within ${timeoutMs} ms (timeoutMs)`
          : error instanceof Error
            ? error.message
            : String(error),
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

  // The smallest input the summarizer rejected as too long: nothing that large is sent again.
  let tooLong = Number.POSITIVE_INFINITY;
  let overflows = 0;
  /**
   * Summarizes (or merges) `items` in one call; an input the summarizer rejects as too long (or one as
   * large as an input it rejected) is halved, the halves summarized one after the other and merged.
   */
  const summarize = async (
    items: readonly string[],
    render: (items: readonly string[]) => string,
    splits = 0,
  ): Promise<string> => {
    const user = render(items);
    const size = counter.countText(user);
    if (size < tooLong || splits >= maxSplits) {
      try {
        return await call(user);
      } catch (error) {
        const overflow =
          SummarizationError.isInstance(error) &&
          error.reason === 'model-error' &&
          isOverflowError?.(error.cause) === true;
        if (!overflow) throw error;
        overflows += 1;
        if (splits >= maxSplits) {
          throw new SummarizationError({
            reason: 'model-error',
            message: `the summarizer rejected its input as too long ${overflows} times, down to ${size} tokens after ${maxSplits} halvings: its context window is smaller than ${contextWindow ?? 'assumed'}; give its real window (contextWindow)`,
            usage,
            cause: error.cause,
          });
        }
        tooLong = Math.min(tooLong, size);
      }
    }
    if (items.length === 1) {
      const only = items[0] ?? '';
      return summarize([cutText(only, only.length / 2)], render, splits + 1);
    }
    const middle = Math.ceil(items.length / 2);
    const first = await summarize(items.slice(0, middle), render, splits + 1);
    const second = await summarize(items.slice(middle), render, splits + 1);
    return summarize([first, second], mergePrompt, splits + 1);
  };

  const chunks = pack(pieces, budget, counter);
  let levels = 0;
  let summaries: string[];
  try {
    summaries =
      chunks.length === 1
        ? [await summarize(chunks[0] ?? [], historyPrompt())]
        : await Promise.all(
            chunks.map((chunk, index) => summarize(chunk, historyPrompt(index, chunks.length))),
          );
    while (summaries.length > 1) {
      levels += 1;
      // Halves of the budget: every group merges two summaries or more, so each round at least halves them.
      const groups = pack(
        summaries.map((summary) => fitToTokens(summary, budget / 2 - 8, counter)),
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
      summaries = await Promise.all(
        groups.map((group) =>
          group.length === 1 ? Promise.resolve(group[0] ?? '') : summarize(group, mergePrompt),
        ),
      );
    }
  } catch (error) {
    // No call outlives the failure: the siblings are aborted, and the error thrown once they settled.
    limiter.abort(error);
    await limiter.idle();
    if (SummarizationError.isInstance(error)) throw error;
    throw new SummarizationError({
      reason: 'model-error',
      message: error instanceof Error ? error.message : String(error),
      usage,
      cause: error,
    });
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
function fitToTokens(text: string, maxTokens: number, counter: TokenCounter): string {
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
