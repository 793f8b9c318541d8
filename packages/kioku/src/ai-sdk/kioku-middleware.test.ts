import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { APICallError, generateText, type ModelMessage, streamText, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { ContextOverflowError } from '../errors/context-overflow-error.js';
import { SummarizationError } from '../errors/summarization-error.js';
import { validateHistory } from '../messages/validate-history.js';
import type { Strategy } from '../strategies/strategy.js';
import { estimatedSummarization } from '../strategies/summarization/estimated-summarization.js';
import { summarization } from '../strategies/summarization/summarization.js';
import { budgetSpy } from '../test/budget-spy.js';
import { errorFixture, errorFixtures, fixtureError } from '../test/error-fixture.js';
import { quarterCounter } from '../test/quarter-counter.js';
import { scriptedModel } from '../test/scripted-model.js';
import { outputLines, toolStep } from '../test/tool-step.js';
import type { KiokuEvent } from './kioku-event.js';
import { type KiokuMiddlewareOptions, kiokuMiddleware } from './kioku-middleware.js';

const providerIds: Record<string, string> = {
  gemini: 'google.generative-ai',
  openai: 'openai.chat',
  anthropic: 'anthropic.messages',
  bedrock: 'amazon-bedrock',
  deepseek: 'deepseek.chat',
  ollama: 'ollama.chat',
  vllm: 'vllm.chat',
  'llama-cpp': 'llama-cpp.chat',
};

/** A task and `steps` bash steps (the system prompt goes in `instructions` in AI SDK 7) with ~1,000-token outputs: ~`steps` thousand tokens. */
function history(steps = 30): ModelMessage[] {
  const messages: ModelMessage[] = [{ role: 'user', content: 'Investigate alert 42 on host 10.0.0.7.' }];
  for (let i = 0; i < steps; i += 1) {
    const output =
      i === 1 ? `svchost.exe connected to 185.220.101.4:443\n${outputLines(99)}` : outputLines(100);
    messages.push(...toolStep({ id: `call-${i}`, output, thought: `step ${i}` }));
  }
  return deepFreeze(messages);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** A summary that leaves out the C2 address of step 1, which fact preservation must put back. */
const summaryText = 'The analyst ran 30 commands for alert 42; nothing malicious found yet.';

/** A summarizer model (a different, cheaper model than the agent's) answering `summaryText`. */
const summarizer = () => scriptedModel({ replies: [{ text: summaryText }], modelId: 'summarizer' });

let models = 0;

function setup(
  options: KiokuMiddlewareOptions & {
    replies: Parameters<typeof scriptedModel>[0]['replies'];
    provider?: string | undefined;
  },
) {
  const events: KiokuEvent[] = [];
  const { replies, provider, ...middlewareOptions } = options;
  // A model id of its own: a window learned from one test's overflow error must not reach the next.
  models += 1;
  const inner = scriptedModel({
    replies,
    modelId: `agent-${models}`,
    ...(provider === undefined ? {} : { provider }),
  });
  const summaries = summarizer();
  const model = wrapLanguageModel({
    model: inner,
    middleware: kiokuMiddleware({
      counter: quarterCounter(),
      contextWindow: 1_000_000,
      strategy: summarization({ model: summaries, contextWindow: 200_000 }),
      onEvent: (event) => events.push(event),
      ...middlewareOptions,
    }),
  });
  return { inner, model, events, summaries };
}

const instructions = 'You are a security analyst.';
const promptSize = (call: LanguageModelV4CallOptions | undefined) => JSON.stringify(call?.prompt).length;
/** What kioku did, less the per-prompt and window reports (tested on their own). */
const types = (events: KiokuEvent[]) =>
  events
    .map((event) => event.type)
    .filter((type) => type !== 'prompt-prepared' && type !== 'context-window-learned');
const mainTypes = (events: KiokuEvent[]) => types(events).filter((type) => type !== 'fallback-used');

describe('kiokuMiddleware: an overflow error leads to one compaction and one retry', () => {
  const overflows = errorFixtures().filter(
    (fixture) => fixture.overflow !== false && fixture.file !== 'vllm-completion-fills-window.json',
  );

  for (const fixture of overflows) {
    it(`${fixture.provider}: ${fixture.file} (generateText)`, async () => {
      const messages = history();
      const { inner, model, events, summaries } = setup({
        provider: providerIds[fixture.provider],
        replies: [{ throws: fixtureError(fixture) }, { text: 'done' }],
      });
      const result = await generateText({ model, instructions, messages, maxRetries: 0 });
      expect(result.text).toBe('done');
      expect(inner.doGenerateCalls).toHaveLength(2);
      expect(summaries.doGenerateCalls).toHaveLength(1);
      // A tight limit may need the fallbacks on top of the strategy to fit (`fallback-used`, over-target).
      expect(mainTypes(events)).toEqual(['overflow-detected', 'context-compacted', 'retry']);
      expect(events.find((event) => event.type === 'overflow-detected')).toMatchObject({
        type: 'overflow-detected',
        attempt: 1,
        overflow: { provider: fixture.provider },
      });
      expect(events.find((event) => event.type === 'context-compacted')).toMatchObject({
        reason: 'overflow',
        strategy: expect.stringMatching(/^summarization/),
        factsRepaired: 1, // 185.220.101.4, which the summary left out
        summaryUsage: { calls: 1 },
      });
      for (const event of events.filter((candidate) => candidate.type === 'fallback-used')) {
        expect(event).toMatchObject({ why: 'over-target' });
      }
      const [first, retried] = inner.doGenerateCalls;
      expect(promptSize(retried)).toBeLessThan(promptSize(first) * 0.9);
      expect(validateHistory((retried?.prompt ?? []) as ModelMessage[])).toEqual([]);
      const sent = JSON.stringify(retried?.prompt);
      expect(sent).toContain('Investigate alert 42 on host 10.0.0.7.');
      expect(sent).toContain('=== Previous Conversation Summary ===');
      expect(sent).toContain('nothing malicious found yet');
      expect(sent).toContain('185.220.101.4');
    });
  }

  for (const file of ['anthropic-prompt-too-long.json', 'llama-cpp-exceed-context-size.json']) {
    it(`${file} thrown when the stream opens (streamText)`, async () => {
      const fixture = errorFixture(file);
      const { inner, model, events } = setup({
        provider: providerIds[fixture.provider],
        replies: [{ throws: fixtureError(fixture) }, { text: 'streamed' }],
      });
      const result = streamText({ model, instructions, messages: history(), maxRetries: 0 });
      expect(await result.text).toBe('streamed');
      expect(inner.doStreamCalls).toHaveLength(2);
      expect(mainTypes(events)).toEqual(['overflow-detected', 'context-compacted', 'retry']);
    });
  }

  it('an overflow reported inside the stream before any output (OpenAI Responses) is retried', async () => {
    const fixture = errorFixture('openai-responses-stream-error.json');
    const { inner, model, events } = setup({
      provider: 'openai.responses',
      replies: [{ streamError: fixtureError(fixture) }, { text: 'streamed' }],
    });
    const result = streamText({ model, instructions, messages: history(), maxRetries: 0 });
    expect(await result.text).toBe('streamed');
    expect(inner.doStreamCalls).toHaveLength(2);
    expect(events.find((event) => event.type === 'overflow-detected')).toMatchObject({
      overflow: { provider: 'openai' },
    });
  });

  it('never changes the caller’s messages and sends the full history first', async () => {
    const messages = history();
    const snapshot = JSON.stringify(messages);
    const overflow = fixtureError(errorFixture('deepseek-maximum-context-length.json'));
    const { inner, model } = setup({ replies: [{ throws: overflow }, { text: 'ok' }] });
    await generateText({ model, instructions, messages, maxRetries: 0 });
    expect(JSON.stringify(messages)).toBe(snapshot);
    expect(inner.doGenerateCalls[0]?.prompt).toHaveLength(messages.length + 1); // + the instructions
  });
});

describe('kiokuMiddleware: retries are bounded', () => {
  const overflow = fixtureError(errorFixture('anthropic-prompt-too-long.json'));

  it('retries once by default, then throws ContextOverflowError with the provider’s error as cause', async () => {
    const { inner, model, events } = setup({ replies: [{ throws: overflow }] });
    const failure = await generateText({ model, instructions, messages: history(), maxRetries: 0 }).catch(
      (error: unknown) => error,
    );
    expect(ContextOverflowError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({
      provider: 'anthropic',
      tokensSent: 208_310,
      tokenLimit: 200_000,
      attempts: 1,
    });
    expect((failure as Error).cause).toBe(overflow);
    expect(inner.doGenerateCalls).toHaveLength(2);
    expect(types(events)).toEqual(['overflow-detected', 'context-compacted', 'retry', 'overflow-detected']);
  });

  it('retries maxRetries times, each retry smaller than the last', async () => {
    const { inner, model } = setup({ replies: [{ throws: overflow }], maxRetries: 3 });
    await expect(generateText({ model, instructions, messages: history(), maxRetries: 0 })).rejects.toThrow(
      /after 3 compactions/,
    );
    expect(inner.doGenerateCalls).toHaveLength(4);
    const sizes = inner.doGenerateCalls.map(promptSize);
    for (let i = 1; i < sizes.length; i += 1) expect(sizes[i]).toBeLessThan(sizes[i - 1] ?? 0);
  });

  it('does not retry with maxRetries: 0', async () => {
    const { inner, model } = setup({ replies: [{ throws: overflow }], maxRetries: 0 });
    await expect(generateText({ model, instructions, messages: history(), maxRetries: 0 })).rejects.toThrow(
      /maxRetries: 0/,
    );
    expect(inner.doGenerateCalls).toHaveLength(1);
  });

  it('does not compact when the reserved completion alone fills the window', async () => {
    const hopeless = fixtureError(errorFixture('vllm-completion-fills-window.json'));
    const { inner, model, events } = setup({
      provider: 'vllm.chat',
      replies: [{ throws: hopeless }, { text: 'x' }],
    });
    await expect(generateText({ model, instructions, messages: history(), maxRetries: 0 })).rejects.toThrow(
      /lower maxOutputTokens/,
    );
    expect(inner.doGenerateCalls).toHaveLength(1);
    expect(types(events)).toEqual(['overflow-detected']);
  });

  for (const fixture of errorFixtures().filter((candidate) => candidate.overflow === false)) {
    it(`passes ${fixture.file} (${fixture.statusCode}) through untouched, without compacting`, async () => {
      const error = fixtureError(fixture);
      const { inner, model, events } = setup({ replies: [{ throws: error }, { text: 'never' }] });
      const failure = await generateText({ model, instructions, messages: history(), maxRetries: 0 }).catch(
        (e: unknown) => e,
      );
      expect(failure).toBe(error);
      expect(inner.doGenerateCalls).toHaveLength(1);
      expect(types(events)).toEqual([]);
    });
  }
});

describe('kiokuMiddleware: a failing strategy falls back to masking, then truncation', () => {
  const overflow = fixtureError(errorFixture('gemini-input-token-count.json'));
  /** A summarization whose compaction fails; before every call it leaves the history as it is. */
  const failing = (compact: Strategy['apply']): Strategy => ({
    name: 'summarization',
    lossy: true,
    needsModel: true,
    initialState: () => ({}),
    apply: async ({ messages, state }) => ({ messages: messages.slice(), edits: [], state }),
    compact,
  });

  const cases: Array<[string, Strategy['apply'], RegExp]> = [
    [
      'the summarizer errors',
      async () => {
        throw new SummarizationError({
          reason: 'model-error',
          message: 'the summarizer answered 503',
          usage: { inputTokens: 9000, outputTokens: 0, calls: 1 },
          cause: new APICallError({
            message: 'Service Unavailable',
            url: 'x',
            requestBodyValues: {},
            statusCode: 503,
          }),
        });
      },
      /503/,
    ],
    [
      'the summary is empty (no messages)',
      async ({ state }) => ({ messages: [], edits: [], state }),
      /no messages/,
    ],
    [
      'the summary is garbage (drops the task, breaks tool pairs)',
      async ({ messages, state }) => ({ messages: messages.slice(3), edits: [], state }),
      /invalid history|pinned/,
    ],
  ];

  for (const [name, apply, problem] of cases) {
    it(`${name}: compaction-failed, fallback-used, then the retry succeeds`, async () => {
      const { inner, model, events } = setup({
        provider: 'google.generative-ai',
        strategy: failing(apply),
        replies: [{ throws: overflow }, { text: 'recovered' }],
      });
      const result = await generateText({ model, instructions, messages: history(), maxRetries: 0 });
      expect(result.text).toBe('recovered');
      expect(types(events)).toEqual([
        'overflow-detected',
        'compaction-failed',
        'fallback-used',
        ...(events.filter((event) => event.type === 'fallback-used').length === 2 ? ['fallback-used'] : []),
        'context-compacted',
        'retry',
      ]);
      const failed = events.find((event) => event.type === 'compaction-failed');
      expect(failed).toMatchObject({ strategy: 'summarization', reason: 'overflow' });
      expect(failed?.type === 'compaction-failed' && failed.problem).toMatch(problem);
      expect(events.find((event) => event.type === 'fallback-used')).toMatchObject({
        strategy: 'observation-masking',
        replaces: 'summarization',
        why: 'strategy-failed',
      });
      const compacted = events.find((event) => event.type === 'context-compacted');
      expect(compacted).toMatchObject({ fallbacks: expect.arrayContaining(['observation-masking']) });
      expect(validateHistory((inner.doGenerateCalls[1]?.prompt ?? []) as ModelMessage[])).toEqual([]);
    });
  }

  it('reports the failed summarizer’s own usage', async () => {
    const [, [, apply]] = [0, cases[0] as [string, Strategy['apply'], RegExp]];
    const { model, events } = setup({
      strategy: failing(apply),
      replies: [{ throws: overflow }, { text: 'ok' }],
    });
    await generateText({ model, instructions, messages: history(), maxRetries: 0 });
    expect(events.find((event) => event.type === 'compaction-failed')).toMatchObject({
      summaryUsage: { inputTokens: 9000, outputTokens: 0, calls: 1 },
    });
    expect(events.find((event) => event.type === 'context-compacted')).toMatchObject({
      summaryUsage: { inputTokens: 9000 },
    });
  });
});

describe('kiokuMiddleware: proactive compaction', () => {
  it('compacts before the call that would pass 80% of the window, judged from the reported usage', async () => {
    const { inner, model, events } = setup({
      contextWindow: 40_000,
      strategy: estimatedSummarization({ trigger: { inputTokens: Number.MAX_SAFE_INTEGER } }),
      replies: [{ text: 'ok' }],
    });
    let messages = history(10);
    for (let turn = 0; turn < 40; turn += 1) {
      await generateText({ model, instructions, messages, maxRetries: 0 });
      messages = [...messages, ...toolStep({ id: `more-${turn}`, output: outputLines(100) })];
      if (types(events).length > 0) break;
    }
    const compacted = events.find((event) => event.type === 'context-compacted');
    expect(compacted).toMatchObject({ type: 'context-compacted', reason: 'threshold' });
    expect(compacted?.tokensAfter).toBeLessThanOrEqual(32_000);
    const last = inner.doGenerateCalls.at(-1);
    expect(JSON.stringify(last?.prompt)).toContain('=== Previous Conversation Summary ===');

    // The next call sends the compacted view plus the new messages, without compacting again.
    const before = types(events).length;
    messages = [...messages, { role: 'user', content: 'And now?' }];
    await generateText({ model, instructions, messages, maxRetries: 0 });
    expect(types(events)).toHaveLength(before);
    const view = inner.doGenerateCalls.at(-2)?.prompt ?? [];
    const next = inner.doGenerateCalls.at(-1)?.prompt ?? [];
    expect(next.slice(0, view.length)).toEqual(view);
    expect(next.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'And now?' }] });
  });

  it('by default masks before every call and summarizes with the model being called when the masked prompt reaches 80%', async () => {
    const events: KiokuEvent[] = [];
    const inner = scriptedModel({ replies: [{ text: summaryText }] });
    const model = wrapLanguageModel({
      model: inner,
      middleware: kiokuMiddleware({
        counter: quarterCounter(),
        contextWindow: 3_000,
        onEvent: (e) => events.push(e),
      }),
    });
    await generateText({ model, instructions, messages: history(30), maxRetries: 0 });
    expect(events.find((event) => event.type === 'context-compacted')).toMatchObject({
      reason: 'threshold',
      strategy: 'kioku-default',
    });
    expect(inner.doGenerateCalls).toHaveLength(2); // the summary, then the agent's call
    expect(JSON.stringify(inner.doGenerateCalls[1]?.prompt)).toContain(
      '=== Previous Conversation Summary ===',
    );
  });

  it('does not compact proactively with trigger: false', async () => {
    const { events, model } = setup({ contextWindow: 20_000, trigger: false, replies: [{ text: 'ok' }] });
    await generateText({ model, instructions, messages: history(30), maxRetries: 0 });
    expect(types(events)).toEqual([]);
  });

  it('rejects bad options when built', () => {
    expect(() => kiokuMiddleware({ maxRetries: -1 })).toThrow(/maxRetries/);
    expect(() => kiokuMiddleware({ contextWindow: 0 })).toThrow(/contextWindow/);
  });
});

describe('kiokuMiddleware: cache prices', () => {
  it('gives the strategy the cache prices of the model called, from the catalog (none for a model it does not know)', async () => {
    const spy = budgetSpy();
    for (const modelId of ['gpt-4o', 'mock-model']) {
      const model = wrapLanguageModel({
        model: scriptedModel({ replies: [{ text: 'ok' }], provider: 'openai.chat', modelId }),
        middleware: kiokuMiddleware({ counter: quarterCounter(), contextWindow: 100_000, strategy: spy }),
      });
      await generateText({ model, instructions, messages: history(2), maxRetries: 0 });
    }
    expect(spy.budgets.map((budget) => budget.cachePrices)).toEqual([
      { read: 0.5, write: 1, marked: false, minimumTokens: 1024, granularity: 128 },
      undefined,
    ]);
  });
});
