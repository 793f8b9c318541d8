import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it, vi } from 'vitest';
import { SummarizationError } from '../../../errors/summarization-error.js';
import { quarterCounter } from '../../../test/quarter-counter.js';
import { outputLines, toolStep } from '../../../test/tool-step.js';
import { summarizeMessages } from './summarize-messages.js';

const counter = quarterCounter();

/**
 * A summarizer that answers each prompt with a short summary naming its parts, optionally rejecting
 * prompts over `maxPromptCharacters` the way a provider rejects an overflowing request; records the
 * prompts and the most calls in flight at once.
 */
function countingSummarizer({
  maxPromptCharacters = Number.POSITIVE_INFINITY,
  delayMs = 0,
  fail,
}: {
  maxPromptCharacters?: number;
  delayMs?: number;
  /** An error to throw for the `call`-th call (from 1) instead of answering. */
  fail?: (call: number) => Error | undefined;
} = {}) {
  const prompts: string[] = [];
  let calls = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let aborted = 0;
  const model = new MockLanguageModelV4({
    doGenerate: async (options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> => {
      const prompt = options.prompt
        .flatMap((message) =>
          message.role === 'user'
            ? message.content.flatMap((part) => (part.type === 'text' ? [part.text] : []))
            : [],
        )
        .join('\n');
      calls += 1;
      const failure = fail?.(calls);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        if (failure !== undefined) throw failure;
        if (options.abortSignal?.aborted === true) throw options.abortSignal.reason;
        // Answers after `delayMs`, or rejects as soon as the call is aborted, as a provider client does.
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, delayMs);
          options.abortSignal?.addEventListener(
            'abort',
            () => {
              clearTimeout(timer);
              aborted += 1;
              reject(options.abortSignal?.reason);
            },
            { once: true },
          );
        });
      } finally {
        inFlight -= 1;
      }
      if (prompt.length > maxPromptCharacters) {
        throw new Error(`This model's maximum context length is exceeded (${prompt.length} characters)`);
      }
      prompts.push(prompt);
      const steps = [...new Set(prompt.match(/step \d+/g) ?? [])];
      return {
        content: [
          {
            type: 'text',
            text: `Summary #${prompts.length} covering ${steps.join(', ') || 'earlier parts'}.`,
          },
        ],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: {
            total: Math.ceil(prompt.length / 4),
            noCache: undefined,
            cacheRead: undefined,
            cacheWrite: undefined,
          },
          outputTokens: { total: 20, text: 20, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
  return {
    model,
    prompts,
    calls: () => calls,
    inFlight: () => inFlight,
    maxInFlight: () => maxInFlight,
    aborted: () => aborted,
  };
}

const isOverflowError = (error: unknown) =>
  error instanceof Error && /maximum context length/.test(error.message);

/** `steps` tool steps of about 260 tokens each (by the quarter counter). */
const history = (steps: number): ModelMessage[] =>
  Array.from({ length: steps }, (_, i) =>
    toolStep({ id: `c${i}`, thought: `step ${i}`, output: outputLines(24) }),
  ).flat();

describe('summarizeMessages', () => {
  it('summarizes in one call what fits the window', async () => {
    const { model, prompts } = countingSummarizer();
    const result = await summarizeMessages({ model, messages: history(4), counter, contextWindow: 100_000 });
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toMatch(/^Summarize the conversation history below/);
    expect(result).toMatchObject({
      chunks: 1,
      levels: 0,
      cutMessages: 0,
      usage: { calls: 1, outputTokens: 20 },
    });
  });

  it('goes map-reduce when the messages do not fit: parts at most 4 at once, then merges, recursively', async () => {
    const { model, prompts, maxInFlight } = countingSummarizer({ delayMs: 5 });
    const result = await summarizeMessages({
      model,
      messages: history(60),
      counter,
      contextWindow: 4000,
      maxSummaryTokens: 200,
    });
    const parts = prompts.filter((prompt) => prompt.startsWith('Below is part'));
    const merges = prompts.filter((prompt) => prompt.startsWith('Below are summaries'));
    expect(parts).toHaveLength(result.chunks);
    expect(result.chunks).toBeGreaterThan(4);
    expect(merges.length).toBeGreaterThanOrEqual(1);
    expect(result.levels).toBeGreaterThanOrEqual(1);
    expect(maxInFlight()).toBeLessThanOrEqual(4);
    expect(result.usage.calls).toBe(prompts.length);
    // Every step reached a part's summary, and the final merge saw them all.
    expect(parts.join('\n')).toContain('step 59');
    expect(result.text).toMatch(/^Summary #\d+ covering/);
  });

  it('cuts a message larger than a part to its head and tail', async () => {
    const { model, prompts } = countingSummarizer();
    const giant = toolStep({ id: 'big', output: `START\n${outputLines(2000)}\nEND` });
    const result = await summarizeMessages({
      model,
      messages: [...history(2), ...giant],
      counter,
      contextWindow: 6000,
      maxSummaryTokens: 200,
    });
    expect(result.cutMessages).toBe(1);
    const seen = prompts.join('\n');
    expect(seen).toMatch(/\[… \d+ characters cut …\]/);
    expect(seen).toContain('START');
    expect(seen).toContain('END');
  });

  it('splits a call the summarizer rejects as too long, when it recognises the error', async () => {
    const { model, prompts } = countingSummarizer({ maxPromptCharacters: 9000 });
    const result = await summarizeMessages({
      model,
      messages: history(20),
      counter,
      isOverflowError,
      maxRetries: 0,
    });
    expect(result.chunks).toBe(1);
    expect(prompts.length).toBeGreaterThan(2);
    expect(prompts.every((prompt) => prompt.length <= 9000)).toBe(true);

    const unrecognised = await summarizeMessages({
      model,
      messages: history(20),
      counter,
      maxRetries: 0,
    }).catch((error: unknown) => error);
    expect(SummarizationError.isInstance(unrecognised) && unrecognised.reason).toBe('model-error');
  });

  it('runs every call, the halves of an overflowing one included, under one concurrency limit', async () => {
    const { model, prompts, maxInFlight } = countingSummarizer({ maxPromptCharacters: 6000, delayMs: 2 });
    const result = await summarizeMessages({
      model,
      messages: history(200),
      counter,
      contextWindow: 12_000,
      maxSummaryTokens: 200,
      isOverflowError,
      maxRetries: 0,
    });
    expect(result.chunks).toBeGreaterThan(4);
    expect(prompts.length).toBeGreaterThan(2 * result.chunks);
    expect(maxInFlight()).toBeLessThanOrEqual(4);
  });

  for (const steps of [20, 100, 300]) {
    it(`makes a bounded number of calls to a summarizer that always overflows (${steps} steps), and fails once`, async () => {
      const { model, calls, inFlight, maxInFlight } = countingSummarizer({ maxPromptCharacters: 0 });
      const error = await summarizeMessages({
        model,
        messages: history(steps),
        counter,
        contextWindow: 40_000,
        isOverflowError,
        maxRetries: 0,
      }).catch((caught: unknown) => caught);
      expect(SummarizationError.isInstance(error) && error.reason).toBe('model-error');
      expect((error as Error).message).toMatch(
        /rejected its input as too long \d+ times, down to \d+ tokens after 8 halvings/,
      );
      // One chain of halvings per call in flight at most: the limit times (8 halvings + 1).
      expect(calls()).toBeLessThanOrEqual(4 * 9);
      expect(maxInFlight()).toBeLessThanOrEqual(4);
      expect(inFlight()).toBe(0);
    });
  }

  it('aborts the calls in flight when one fails, and throws once they have settled', async () => {
    const { model, calls, inFlight, aborted } = countingSummarizer({
      delayMs: 60_000,
      fail: (call) => (call === 3 ? new Error('500 Internal Server Error') : undefined),
    });
    const error = await summarizeMessages({
      model,
      messages: history(60),
      counter,
      contextWindow: 4000,
      maxSummaryTokens: 200,
      maxRetries: 0,
    }).catch((caught: unknown) => caught);
    expect(SummarizationError.isInstance(error) && error.message).toMatch(/500 Internal Server Error/);
    expect(inFlight()).toBe(0);
    expect(aborted()).toBe(3); // the three siblings that were in flight
    expect(calls()).toBe(4); // and no call started after the failure
  });

  it("gives up on a call after timeoutMs, and on every call when the caller's signal aborts", async () => {
    const hung = countingSummarizer({ delayMs: 60_000 });
    const timedOut = await summarizeMessages({
      model: hung.model,
      messages: history(4),
      counter,
      contextWindow: 100_000,
      maxRetries: 0,
      timeoutMs: 20,
    }).catch((caught: unknown) => caught);
    expect(SummarizationError.isInstance(timedOut) && timedOut.message).toMatch(
      /gave no answer within 20 ms/,
    );
    expect(hung.inFlight()).toBe(0);

    const caller = new AbortController();
    const pending = summarizeMessages({
      model: hung.model,
      messages: history(60),
      counter,
      contextWindow: 4000,
      maxSummaryTokens: 200,
      maxRetries: 0,
      abortSignal: caller.signal,
    }).catch((caught: unknown) => caught);
    await vi.waitFor(() => expect(hung.inFlight()).toBe(4));
    caller.abort(new Error('the user went away'));
    const error = await pending;
    expect(SummarizationError.isInstance(error) && error.reason).toBe('model-error');
    expect(hung.inFlight()).toBe(0);
    expect(hung.calls()).toBe(1 + 4);
  });

  it('refuses a window too small for its instructions, a part and the answer', async () => {
    const { model } = countingSummarizer();
    const error = await summarizeMessages({
      model,
      messages: history(2),
      counter,
      contextWindow: 1500,
    }).catch((caught: unknown) => caught);
    expect(SummarizationError.isInstance(error) && error.reason).toBe('window-too-small');
  });
});
