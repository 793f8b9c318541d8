import type { ModelMessage, ToolResultPart } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toolOutputText } from '../messages/message-text.js';
import { validateHistory } from '../messages/validate-history.js';
import { kiokuDefault } from '../strategies/kioku-default/index.js';
import { validHistory } from '../test/arbitrary-history.js';
import { quarterCounter } from '../test/quarter-counter.js';
import { strategyConformance } from '../test/strategy-conformance.js';
import { outputLines, toolStep } from '../test/tool-step.js';
import { aiSdkPruneMessages } from './ai-sdk-prune-messages.js';
import { baselineCatalog, peerBaselines, unmanagedBaseline } from './baseline-catalog.js';
import { langChainApproximateCounter } from './langchain-approximate-counter.js';
import { langChainContextEditing } from './langchain-context-editing.js';
import { naiveMasking } from './naive-masking.js';
import { openHandsObservationMasking } from './openhands-observation-masking.js';
import { sweAgentCacheControl } from './swe-agent-cache-control.js';
import { sweAgentLastObservations } from './swe-agent-last-observations.js';

const counter = quarterCounter();
const budget = { contextWindow: 1_000_000 };

/** A task and `count` bash steps whose outputs are `output` (ids `c0`…). */
function history(count: number, output = outputLines(20)): ModelMessage[] {
  return [
    { role: 'system', content: 'You are an engineer.' },
    { role: 'user', content: 'Fix the bug.' },
    ...Array.from({ length: count }, (_, i) =>
      toolStep({ id: `c${i}`, output, thought: `step ${i}` }),
    ).flat(),
  ];
}

const outputs = (messages: readonly ModelMessage[]): string[] =>
  messages.flatMap((message) =>
    message.role === 'tool'
      ? message.content
          .filter((part): part is ToolResultPart => part.type === 'tool-result')
          .map((part) => toolOutputText(part.output))
      : [],
  );

/** Replays `messages` call by call (before each assistant message, then at the end); the last output. */
async function replay(strategy: ReturnType<typeof peerBaselines>[number], messages: ModelMessage[]) {
  let state = strategy.initialState();
  let last: ModelMessage[] = [];
  const points = [
    ...messages.flatMap((message, index) => (message.role === 'assistant' ? [index] : [])),
    messages.length,
  ];
  for (const length of points) {
    const output = await strategy.apply({ messages: messages.slice(0, length), counter, budget, state });
    state = output.state;
    last = output.messages;
  }
  return last;
}

describe('baseline catalog', () => {
  it('names each entry as the strategy it makes, kioku-default first and marked as kioku', () => {
    for (const entry of baselineCatalog) expect(entry.create().name).toBe(entry.name);
    expect(baselineCatalog.filter((entry) => entry.kioku).map((entry) => entry.name)).toEqual([
      'kioku-default',
    ]);
    expect(kiokuDefault().name).toBe('kioku-default');
    expect(peerBaselines().map((strategy) => strategy.name)).toEqual([
      'naive-masking-10',
      'langchain-context-editing',
      'ai-sdk-prune-messages',
      'anthropic-clear-tool-uses',
      'anthropic-clear-tool-uses-at-least-5000',
      'openhands-masking-100',
      'swe-agent-1.0-last-5',
      'swe-agent-1.0-last-5-polling-8',
      'swe-agent-1.1-default',
    ]);
    expect(unmanagedBaseline().name).toBe('unmanaged');
  });

  it('keeps every baseline valid on generated histories replayed call by call', async () => {
    await fc.assert(
      fc.asyncProperty(validHistory, async (messages) => {
        for (const entry of baselineCatalog) {
          expect(validateHistory(await replay(entry.create(), messages))).toEqual([]);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('naive masking and SWE-agent', () => {
  it('keep the last 10 (naive) or 5 (SWE-agent) outputs and write SWE-agent placeholders', async () => {
    const messages = history(12);
    const naive = outputs(await replay(naiveMasking(), messages));
    expect(naive.slice(0, 2)).toEqual([
      'Old environment output: (20 lines omitted)',
      'Old environment output: (20 lines omitted)',
    ]);
    expect(naive.slice(2)).toEqual(outputs(messages).slice(2));
    const swe = outputs(await replay(sweAgentLastObservations(), messages));
    expect(swe.filter((text) => text.startsWith('Old environment output')).length).toBe(7);
  });

  it('with SWE-agent’s polling, move the edge 8 observations at a time', async () => {
    const masked = (steps: number) =>
      replay(sweAgentLastObservations({ polling: 8 }), history(steps)).then(
        (output) => outputs(output).filter((text) => text.startsWith('Old environment output')).length,
      );
    expect(await masked(12)).toBe(0);
    expect(await masked(13)).toBe(8);
    expect(await masked(20)).toBe(8);
    expect(await masked(21)).toBe(16);
  });
});

describe('sweAgentCacheControl (SWE-agent ≥ 1.1 default)', () => {
  it('sends the history whole with breakpoints on the last 2 user/tool messages only', async () => {
    const messages = history(6);
    const output = await replay(sweAgentCacheControl(), messages);
    expect(outputs(output)).toEqual(outputs(messages));
    const marked = output.flatMap((message, index) =>
      message.providerOptions?.anthropic?.cacheControl === undefined ? [] : [index],
    );
    expect(marked).toEqual([11, 13]);
    expect(sweAgentCacheControl().placesCacheBreakpoints).toBe(true);
  });
});

describe('peer triggers', () => {
  // 30 steps of ~2,500-character outputs: ~19,000 approximate tokens, ~190k characters of JSON.
  const messages = history(30, outputLines(60));

  it('scale with the window when given as a fraction of it', async () => {
    for (const entry of baselineCatalog.filter((candidate) => candidate.documentedTrigger !== undefined)) {
      const run = async (contextWindow: number) => {
        const strategy = entry.create({ trigger: { fraction: 0.5 } });
        let state = strategy.initialState();
        let last: ModelMessage[] = [];
        for (let length = 2; length <= messages.length; length += 2) {
          const input = { messages: messages.slice(0, length), counter, budget: { contextWindow }, state };
          const output = await strategy.apply(input);
          state = output.state;
          last = output.messages;
        }
        return last;
      };
      // Half of a 1M window is never reached; half of a 20k window is.
      expect(await run(1_000_000), entry.name).toEqual(messages);
      expect(await run(20_000), entry.name).not.toEqual(messages);
    }
  });

  it('keep the documented 100,000 tokens when not given, whatever the window', async () => {
    for (const entry of baselineCatalog.filter((candidate) => candidate.documentedTrigger !== undefined)) {
      const strategy = entry.create();
      const output = await strategy.apply({
        messages,
        counter,
        budget: { contextWindow: 20_000 },
        state: strategy.initialState(),
      });
      expect(output.messages, entry.name).toEqual(messages);
    }
  });
});

describe('openHandsObservationMasking', () => {
  strategyConformance({ make: () => openHandsObservationMasking({ attentionWindow: 6 }), numRuns: 1_000 });

  it('masks the observations outside the last N events (one per call, result and message)', async () => {
    // 2 events before the steps (system, task), then 2 per step: 12 steps are 26 events.
    const messages = history(12);
    const masked = outputs(await replay(openHandsObservationMasking({ attentionWindow: 10 }), messages));
    expect(masked.filter((text) => text === '<MASKED>').length).toBe(7);
    expect(masked.slice(7)).toEqual(outputs(messages).slice(7));
  });

  it('with the default window of 100 events leaves a 40-step run alone', async () => {
    const messages = history(40);
    expect(await replay(openHandsObservationMasking(), messages)).toEqual(messages);
  });
});

describe('aiSdkPruneMessages', () => {
  it('prunes with the AI SDK once the JSON estimate passes the threshold, and carries the pruned base', async () => {
    const messages = history(30, outputLines(60)); // ~2,500 characters per output
    const strategy = aiSdkPruneMessages({ threshold: 10_000 });
    const output = await replay(strategy, messages);
    expect(validateHistory(output)).toEqual([]);
    expect(output.length).toBeLessThan(messages.length);
    // Pruned steps keep their thought but lose the call and the result.
    expect(output[2]).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'step 0' }] });
    expect(JSON.stringify(output).length / 4).toBeLessThan(10_000 + 2 * 2_700);
  });

  it('sends the history untouched below the threshold', async () => {
    const messages = history(5);
    expect(await replay(aiSdkPruneMessages(), messages)).toEqual(messages);
  });

  it('rebuilds the pruned base from its state alone (a fresh instance agrees)', async () => {
    const messages = history(30, outputLines(60));
    const strategy = aiSdkPruneMessages({ threshold: 10_000 });
    let state = strategy.initialState();
    for (const length of [20, 40, 60]) {
      state = (await strategy.apply({ messages: messages.slice(0, length), counter, budget, state })).state;
    }
    const fresh = aiSdkPruneMessages({ threshold: 10_000 });
    const input = { messages, counter, budget, state: JSON.parse(JSON.stringify(state)) };
    expect((await fresh.apply(input)).messages).toEqual((await strategy.apply(input)).messages);
  });
});

describe('langChainContextEditing', () => {
  it('triggers on LangChain’s approximate count (4 characters a token, no system prompt)', async () => {
    const approximate = langChainApproximateCounter();
    expect(approximate.countPrompt({ messages: [{ role: 'system', content: 'x'.repeat(400) }] })).toBe(0);
    expect(approximate.countPrompt({ messages: [{ role: 'user', content: 'x'.repeat(400) }] })).toBe(100);
    // 60 outputs of ~2,500 characters: ~37,500 approximate tokens, so a 100k trigger never fires...
    const messages = history(15, outputLines(60));
    expect(await replay(langChainContextEditing(), messages)).toEqual(messages);
    // ...and with 200 outputs it fires: all but the last 3 become "[cleared]".
    const long = history(200, outputLines(60));
    const cleared = outputs(await replay(langChainContextEditing(), long));
    expect(cleared.filter((text) => text === '[cleared]').length).toBe(197);
  });
});
