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

  it('sends each observation outside the last N events as a <MASKED> user message, dropping its action', async () => {
    // 2 events before the steps (system, task), then 2 per step: 12 steps are 26 events, and the
    // observations of steps 0–6 are outside the last 10.
    const messages = history(12);
    const output = await replay(openHandsObservationMasking({ attentionWindow: 10 }), messages);
    const text = (message: ModelMessage | undefined) =>
      Array.isArray(message?.content)
        ? message.content.map((part) => (part.type === 'text' ? part.text : ''))
        : [];
    expect(output.slice(0, 2)).toEqual(messages.slice(0, 2));
    // Consecutive user messages get OpenHands' blank line before them; the assistant messages are gone.
    expect(output.slice(2, 9).map((message) => [message.role, ...text(message)])).toEqual(
      Array.from({ length: 7 }, () => ['user', '\n\n<MASKED>']),
    );
    expect(output.slice(9)).toEqual(messages.slice(16));
    expect(validateHistory(output)).toEqual([]);
  });

  it('drops a masked step’s other results with its assistant message, and keeps pinned steps whole', async () => {
    const parallel: ModelMessage[] = [
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'p1', toolName: 'bash', input: {} },
          { type: 'tool-call', toolCallId: 'p2', toolName: 'bash', input: {} },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'p1',
            toolName: 'bash',
            output: { type: 'text', value: outputLines(5) },
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'p2',
            toolName: 'bash',
            output: { type: 'text', value: outputLines(5) },
          },
        ],
      },
    ];
    const steps = history(6);
    // Events: system, task, p1, p2 (calls), p1, p2 (results), then 12 for the steps: 18 events. A window of
    // 13 masks the p1 result (event 4) only, yet p2's result goes with the dropped assistant message.
    const messages = [...steps.slice(0, 2), ...parallel, ...steps.slice(2)];
    const { messages: output } = await openHandsObservationMasking({ attentionWindow: 13 }).apply({
      messages,
      counter,
      budget,
      state: null,
    });
    expect(output.slice(2, 3)).toEqual([
      {
        role: 'user',
        content: [{ type: 'text', text: '\n\n<MASKED>', providerOptions: { kioku: { placeholder: true } } }],
      },
    ]);
    expect(output.slice(3)).toEqual(steps.slice(2));
    const pinnedStep = messages.map((message, index) =>
      index === 2 ? { ...message, providerOptions: { kioku: { pinned: true } } } : message,
    );
    const kept = await openHandsObservationMasking({ attentionWindow: 13 }).apply({
      messages: pinnedStep,
      counter,
      budget,
      state: null,
    });
    expect(kept.messages).toEqual(pinnedStep);
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

  it('leaves the system prompt out of the estimate, as prepareStep’s messages do', async () => {
    // A 60,000-character system prompt alone is 15,000 estimated tokens: the recipe never sees it.
    const messages = history(5);
    messages[0] = { role: 'system', content: 'x'.repeat(60_000) };
    expect(await replay(aiSdkPruneMessages({ threshold: 10_000 }), messages)).toEqual(messages);
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
    // ...and with 200 outputs it fires, in bursts: at the last call the results cleared at the last burst
    // (all but the 3 newest then) are "[cleared]", the ones since are whole.
    const long = history(200, outputLines(60));
    const cleared = outputs(await replay(langChainContextEditing(), long));
    const count = cleared.filter((text) => text === '[cleared]').length;
    expect(cleared.slice(0, count).every((text) => text === '[cleared]')).toBe(true);
    expect(count).toBe(155);
  });

  it('keeps its edits and checks the trigger on the cleared history, so it clears in bursts', async () => {
    // Outputs of ~615 approximate tokens: 5 of them pass a 3,000 trigger; once cleared, the history
    // falls below it and grows back for two more steps before the next burst.
    const messages = history(12, outputLines(60));
    const strategy = langChainContextEditing({ trigger: { inputTokens: 3_000 } });
    let state = strategy.initialState();
    const clearedPerCall: number[] = [];
    for (let steps = 1; steps <= 12; steps += 1) {
      const output = await strategy.apply({
        messages: messages.slice(0, 2 + 2 * steps),
        counter,
        budget,
        state,
      });
      state = output.state;
      clearedPerCall.push(outputs(output.messages).filter((text) => text === '[cleared]').length);
    }
    expect(clearedPerCall).toEqual([0, 0, 0, 0, 2, 2, 4, 4, 6, 6, 8, 8]);
    expect(state.clearedResults).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']);
  });

  it('clears short results too, as the middleware does whatever their length', async () => {
    const messages = [
      ...history(3, outputLines(60)),
      ...toolStep({ id: 'short', output: 'ok' }),
      ...history(3, outputLines(60))
        .slice(2)
        .map((message) => renameIds(message)),
    ];
    const cleared = outputs(
      await replay(langChainContextEditing({ trigger: { inputTokens: 100 } }), messages),
    );
    expect(cleared.slice(0, 4)).toEqual(['[cleared]', '[cleared]', '[cleared]', '[cleared]']);
  });
});

/** `message` with its tool call ids suffixed, to append a second copy of steps to a history. */
function renameIds(message: ModelMessage): ModelMessage {
  if (typeof message.content === 'string') return message;
  const content = message.content.map((part) =>
    part.type === 'tool-call' || part.type === 'tool-result'
      ? { ...part, toolCallId: `${part.toolCallId}b` }
      : part,
  );
  return { ...message, content } as ModelMessage;
}
