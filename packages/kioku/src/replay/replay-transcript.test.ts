import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { ReplayStrategyError } from '../errors/replay-strategy-error.js';
import { getModelInfo } from '../pricing/get-model-info.js';
import { noCachePolicy } from '../pricing/no-cache-policy.js';
import { simulateCost } from '../pricing/simulate-cost.js';
import { transcriptCalls } from '../pricing/transcript-calls.js';
import { kiokuDefault } from '../strategies/kioku-default/kioku-default.js';
import type { Strategy } from '../strategies/strategy.js';
import { estimatedSummarization } from '../strategies/summarization/estimated-summarization.js';
import { unmanaged } from '../strategies/unmanaged/index.js';
import { budgetSpy } from '../test/budget-spy.js';
import { quarterCounter } from '../test/quarter-counter.js';
import { outputLines, toolStep } from '../test/tool-step.js';
import type { Transcript } from '../transcripts/transcript.js';
import { anthropicStylePricing } from './anthropic-style-pricing.js';
import { compareToBaseline } from './compare-to-baseline.js';
import { modelPricing } from './model-pricing.js';
import type { ReplayPricing } from './replay-pricing.js';
import { replayTranscript } from './replay-transcript.js';
import { summarizeReplays } from './summarize-replays.js';

const counter = quarterCounter();
const model = getModelInfo('deepseek-chat');

function transcript(steps: number, calls: Transcript['calls'] = []): Transcript {
  const messages: ModelMessage[] = [
    { role: 'system', content: 'You are an engineer.' },
    { role: 'user', content: 'Fix the bug.' },
    ...Array.from({ length: steps }, (_, i) =>
      toolStep({
        id: `c${i}`,
        toolName: i % 2 === 0 ? 'bash' : 'grep',
        output: outputLines(30),
        thought: `step ${i}`,
      }),
    ).flat(),
    { role: 'assistant', content: 'Done.' },
  ];
  return { format: 'test', file: 'test.json', id: 'run', model: 'deepseek-chat', messages, calls };
}

/** Masks every tool result but the last one; remembers how many calls it saw. */
function maskAllButLast(): Strategy<{ calls: number }> {
  return {
    name: 'mask-all-but-last',
    lossy: true,
    needsModel: false,
    initialState: () => ({ calls: 0 }),
    async apply({ messages, state }) {
      const lastTool = messages.findLastIndex((message) => message.role === 'tool');
      const output = messages.map(
        (message, index): ModelMessage =>
          message.role === 'tool' && index !== lastTool
            ? {
                ...message,
                content: message.content.map((part) =>
                  part.type === 'tool-result'
                    ? { ...part, output: { type: 'text', value: '[masked]' } }
                    : part,
                ),
              }
            : message,
      );
      return { messages: output, edits: [], state: { calls: state.calls + 1 } };
    },
  };
}

describe('replayTranscript', () => {
  it('re-creates one call per assistant message when none is recorded, and measures each', async () => {
    const run = transcript(4);
    const replay = await replayTranscript({
      transcript: run,
      strategy: unmanaged(),
      counter,
      pricing: modelPricing(model),
    });
    expect(replay.calls.map((call) => call.messageCount)).toEqual([2, 4, 6, 8, 10]);
    for (const call of replay.calls) {
      expect(call.inputTokens).toBe(call.unmanagedTokens);
      expect(call.contextTokens).toBe(call.inputTokens + call.outputTokens);
      expect(call.violations).toEqual([]);
      expect(call.strategyMs).toBeGreaterThanOrEqual(0);
      expect(call.savedByTool).toEqual({});
    }
    expect(replay.totals.peakContextTokens).toBe(replay.calls.at(-1)?.contextTokens);
  });

  it('bills the unmanaged replay exactly as the recorded calls would be billed', async () => {
    const run = transcript(6, [
      { messageCount: 4, usage: { promptTokens: 0, completionTokens: 50 } },
      { messageCount: 12 },
    ]);
    const replay = await replayTranscript({
      transcript: run,
      strategy: unmanaged(),
      counter,
      pricing: modelPricing(model),
    });
    const calls = transcriptCalls(run, { counter });
    const cached = simulateCost({ calls, model, counter });
    const uncached = simulateCost({ calls, model, counter, policy: noCachePolicy() });
    expect(replay.calls.map((call) => call.messageCount)).toEqual([4, 12]);
    expect(replay.calls[0]?.outputTokens).toBe(50);
    expect(replay.totals.costCached).toBeCloseTo(cached.totals.cost, 12);
    expect(replay.totals.costNoCache).toBeCloseTo(uncached.totals.cost, 12);
  });

  it('carries the state across calls and counts what a strategy saved, by tool', async () => {
    const run = transcript(6);
    const strategy = maskAllButLast();
    const replay = await replayTranscript({
      transcript: run,
      strategy,
      counter,
      pricing: modelPricing(model),
    });
    const last = replay.calls.at(-1);
    expect(last?.inputTokens).toBeLessThan(last?.unmanagedTokens ?? 0);
    expect(Object.keys(last?.savedByTool ?? {}).sort()).toEqual(['bash', 'grep']);
    expect(replay.totals.inputTokens).toBeLessThan(replay.totals.unmanagedTokens);
    expect(replay.strategy).toBe('mask-all-but-last');
  });

  it('counts the violations a strategy introduces', async () => {
    const dropTools: Strategy<null> = {
      name: 'drop-tools',
      lossy: true,
      needsModel: false,
      initialState: () => null,
      apply: async ({ messages, state }) => ({
        messages: messages.filter((message) => message.role !== 'tool'),
        edits: [],
        state,
      }),
    };
    const replay = await replayTranscript({
      transcript: transcript(2),
      strategy: dropTools,
      counter,
      pricing: modelPricing(model),
    });
    expect(replay.calls.map((call) => call.violations.length)).toEqual([0, 1, 2]);
    expect(replay.calls[1]?.violations[0]?.kind).toBe('tool-call-without-result');
    expect(replay.totals.violations).toBe(3);
  });

  it('prices prefix rewrites as cache writes under anthropic-style pricing', async () => {
    const run = transcript(40);
    const pricing = anthropicStylePricing(model);
    const kept = await replayTranscript({ transcript: run, strategy: unmanaged(), counter, pricing });
    const rewritten = await replayTranscript({
      transcript: run,
      strategy: maskAllButLast(),
      counter,
      pricing,
    });
    expect(rewritten.totals.inputTokens).toBeLessThan(kept.totals.inputTokens / 2);
    // Masking the newest-but-one output at every call rewrites the cached prefix every time.
    expect(rewritten.totals.cacheReadTokens).toBeLessThan(kept.totals.cacheReadTokens / 4);
    expect(kept.totals.cacheReadTokens).toBeGreaterThan(0);
  });

  it("bills the model calls a strategy reports in its edits, once, on top of the agent's call", async () => {
    // Sends the history as it is, but "made a summary" at the third call: 1,000 tokens in, 100 out, 2 calls.
    // The edit stays reported at later calls without usage, as a summary carried over is.
    const metered: Strategy<number> = {
      name: 'metered',
      lossy: false,
      needsModel: true,
      initialState: () => 0,
      async apply({ messages, state }) {
        const call = state + 1;
        const edit = {
          strategy: 'metered',
          kind: 'summarize',
          messageIndexes: [],
          tokensBefore: 0,
          tokensAfter: 0,
        };
        const edits =
          call < 3
            ? []
            : [call === 3 ? { ...edit, usage: { inputTokens: 1000, outputTokens: 100, calls: 2 } } : edit];
        return { messages: messages.slice(), edits, state: call };
      },
    };
    const run = transcript(6);
    const pricing = anthropicStylePricing(model);
    const plain = await replayTranscript({ transcript: run, strategy: unmanaged(), counter, pricing });
    const replay = await replayTranscript({ transcript: run, strategy: metered, counter, pricing });

    expect(replay.calls.map((call) => call.strategyCalls)).toEqual([0, 0, 2, 0, 0, 0, 0]);
    expect(replay.calls[2]).toMatchObject({ strategyInputTokens: 1000, strategyOutputTokens: 100 });
    expect(replay.calls[2]?.inputTokens).toBe(plain.calls[2]?.inputTokens);
    const summaryCost = 1000 * model.price.inputPerToken + 100 * model.price.outputPerToken;
    expect(replay.calls[2]?.costNoCache).toBeCloseTo((plain.calls[2]?.costNoCache ?? 0) + summaryCost, 12);
    expect(replay.calls[2]?.costCached).toBeCloseTo((plain.calls[2]?.costCached ?? 0) + summaryCost, 12);
    expect(replay.totals).toMatchObject({
      promptTokens: plain.totals.promptTokens,
      inputTokens: plain.totals.inputTokens + 1000,
      strategyCalls: 2,
      strategyInputTokens: 1000,
      strategyOutputTokens: 100,
    });
    expect(replay.totals.costCached).toBeCloseTo(plain.totals.costCached + summaryCost, 12);
    expect(replay.totals.cacheReadTokens).toBe(plain.totals.cacheReadTokens);

    const baseline = summarizeReplays('unmanaged', [plain]);
    const compared = compareToBaseline(summarizeReplays('metered', [replay]), baseline);
    // The summary's prompt is input; its answer (100 tokens) is output, billed in the costs only.
    expect(compared.inputTokensRatio).toBeCloseTo(1 + 1000 / plain.totals.inputTokens, 12);
    expect(compared.strategyOutputTokens).toBe(100);
    expect(compared.costNoCacheRatio).toBeGreaterThan(1);
    expect(compared.costCachedRatio).toBeGreaterThan(1);
    expect(compared.cacheHitRate).toBeCloseTo(baseline.cacheHitRate, 12);
  });

  it("counts a summarization strategy's summary calls (estimated summaries report them too)", async () => {
    const run = transcript(40);
    const pricing = modelPricing(model);
    const strategy = estimatedSummarization({ summaryTokens: 50, trigger: { inputTokens: 2000 } });
    const replay = await replayTranscript({ transcript: run, strategy, counter, pricing });
    const plain = await replayTranscript({ transcript: run, strategy: unmanaged(), counter, pricing });
    expect(replay.totals.strategyCalls).toBeGreaterThan(0);
    expect(replay.totals.strategyInputTokens).toBeGreaterThan(2000);
    expect(replay.totals.strategyOutputTokens).toBeGreaterThan(40 * replay.totals.strategyCalls);
    expect(replay.totals.inputTokens).toBe(replay.totals.promptTokens + replay.totals.strategyInputTokens);
    expect(replay.totals.inputTokens).toBeLessThan(plain.totals.inputTokens);
  });

  it('counts the calls whose prompt plus the reserved answer is over the window', async () => {
    // A hand-made run whose prompts grow by one 30-line tool output per call, replayed unmanaged in a
    // window the later prompts outgrow: the calls over it are counted, and none of them is a violation.
    const run = transcript(6);
    const pricing = modelPricing(model);
    const plain = await replayTranscript({ transcript: run, strategy: unmanaged(), counter, pricing });
    const sizes = plain.calls.map((call) => call.inputTokens);
    const contextWindow = sizes[3] ?? 0;
    const replay = await replayTranscript({
      transcript: run,
      strategy: unmanaged(),
      counter,
      pricing,
      budget: { contextWindow },
    });
    expect(replay.calls.map((call) => call.overWindow)).toEqual(sizes.map((size) => size > contextWindow));
    expect(replay.totals.callsOverWindow).toBe(3);
    expect(replay.totals.violations).toBe(0);

    const reserving = await replayTranscript({
      transcript: run,
      strategy: unmanaged(),
      counter,
      pricing,
      budget: { contextWindow, reservedOutputTokens: 1 },
    });
    expect(reserving.totals.callsOverWindow).toBe(4);
    expect(summarizeReplays('unmanaged', [replay, reserving]).callsOverWindow).toBe(7);
  });

  it('gives the strategy the cache prices of the pricing it bills, so a payback rule weighs real prices', async () => {
    const spy = budgetSpy();
    const seen = () => spy.budgets.at(-1)?.cachePrices;
    const gpt4o = getModelInfo('gpt-4o');
    await replayTranscript({
      transcript: transcript(1),
      strategy: spy,
      counter,
      pricing: modelPricing(gpt4o),
    });
    expect(seen()).toEqual({ read: 0.5, write: 1, marked: false, minimumTokens: 1024, granularity: 128 });
    await replayTranscript({
      transcript: transcript(1),
      strategy: spy,
      counter,
      pricing: anthropicStylePricing(gpt4o),
    });
    expect(seen()).toEqual({
      read: expect.closeTo(0.1, 6),
      write: expect.closeTo(1.25, 6),
      marked: true,
      minimumTokens: 1024,
    });
  });

  it('leaves the unmanaged history to kiokuDefault where a rewrite would not pay at Anthropic-style prices, and masks where nothing is cached', async () => {
    const run = transcript(16);
    const replay = (pricing: ReplayPricing) =>
      replayTranscript({ transcript: run, strategy: kiokuDefault({ minTokens: 64 }), counter, pricing });
    const anthropic = await replay(anthropicStylePricing(model));
    const uncached = await replay({ ...modelPricing(model), policy: noCachePolicy() });
    const unmanagedTokens = anthropic.calls.map((call) => call.unmanagedTokens);
    expect(uncached.calls.some((call, index) => call.inputTokens < (unmanagedTokens[index] ?? 0))).toBe(true);
    expect(anthropic.totals.inputTokens).toBeGreaterThan(uncached.totals.inputTokens);
  });

  it('names the strategy, transcript and call when a strategy throws', async () => {
    const failing: Strategy<number> = {
      name: 'flaky-summarizer',
      lossy: true,
      needsModel: true,
      initialState: () => 0,
      async apply({ messages, state }) {
        if (state === 2) throw new Error('the summarizer answered nothing');
        return { messages: messages.slice(), edits: [], state: state + 1 };
      },
    };
    const replaying = replayTranscript({
      transcript: transcript(4),
      strategy: failing,
      counter,
      pricing: modelPricing(model),
    });
    const error = await replaying.catch((caught: unknown) => caught);
    expect(ReplayStrategyError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      strategy: 'flaky-summarizer',
      transcript: { file: 'test.json', id: 'run' },
      call: 3,
      message:
        'strategy flaky-summarizer failed at call 3 of 5 replaying test.json (run): the summarizer answered nothing',
    });
    expect((error as Error).cause).toBeInstanceOf(Error);
  });
});
