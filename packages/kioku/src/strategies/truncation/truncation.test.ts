import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitSteps } from '../../messages/split-turns.js';
import { validateHistory } from '../../messages/validate-history.js';
import { agentHistory } from '../../test/arbitrary-history.js';
import { quarterCounter } from '../../test/quarter-counter.js';
import { strategyConformance } from '../../test/strategy-conformance.js';
import { outputLines, toolStep } from '../../test/tool-step.js';
import { tokenTrigger } from '../../triggers/token-trigger.js';
import { toolUsesTrigger } from '../../triggers/tool-uses-trigger.js';
import { pin } from '../internal/pin.js';
import { pinnedIndexes } from '../internal/pinned-indexes.js';
import { type TruncationOptions, truncation } from './truncation.js';

const counter = quarterCounter();
const output = outputLines(10); // 409 characters: a step is 10 (the call) + 107 (the result) = 117 tokens

function history(count: number): ModelMessage[] {
  return [
    { role: 'system', content: 'You are an engineer.' }, // 9 tokens
    { role: 'user', content: 'Fix the bug.' }, // 7 tokens
    ...Array.from({ length: count }, (_, i) => toolStep({ id: `c${i}`, output })).flat(),
  ];
}

async function truncate(messages: ModelMessage[], options: TruncationOptions, contextWindow = 100_000) {
  const strategy = truncation(options);
  return strategy.apply({ messages, counter, budget: { contextWindow }, state: strategy.initialState() });
}

describe('truncation', () => {
  it('keeps a history that fits as it is', async () => {
    const messages = history(5);
    const { messages: kept, edits, state } = await truncate(messages, {});
    expect(kept).toEqual(messages);
    expect(edits).toEqual([]);
    expect(state).toEqual({ cut: 0 });
  });

  it('takes its "when" as a trigger object: cuts once it fires, down to its target', async () => {
    const messages = history(10); // 16 + 10 × 117 tokens
    const literal = await truncate(messages, { maxTokens: 600, target: 0.5 });
    const object = await truncate(messages, {
      trigger: {
        name: 'over-600',
        shouldCompact: ({ promptTokens }) => promptTokens > 600,
        target: () => 300,
      },
    });
    expect(object).toEqual(literal);
    const { messages: kept } = await truncate(messages, { trigger: tokenTrigger({ inputTokens: 500 }) });
    expect(counter.countPrompt({ messages: kept })).toBeLessThanOrEqual(500);
    expect(splitSteps(kept).length).toBeGreaterThan(1);
    expect(() => truncation({ trigger: { name: 'x' } as never })).toThrow(/a trigger/);
  });

  it('shows the trigger the messages the kept tail would send, so a tool-use count can decide', async () => {
    const messages = history(10);
    const strategy = truncation({ trigger: toolUsesTrigger({ toolUses: 6 }) });
    const budget = { contextWindow: 100_000 };
    // The cut moves a step per call while the kept tail holds 6 tool uses (its target, the usable
    // window, is met at once), and stops once the tail holds 5.
    let state = strategy.initialState();
    const sent: number[] = [];
    for (let call = 0; call < 8; call += 1) {
      const output = await strategy.apply({ messages, counter, budget, state });
      sent.push(output.messages.length);
      state = output.state;
    }
    expect(sent).toEqual([22, 20, 18, 16, 14, 12, 12, 12]);
    expect(state).toEqual({ cut: 12 });
  });

  it('keeps the system prompt, the task and the newest whole steps that fit', async () => {
    const messages = history(10);
    const { messages: kept, edits, state } = await truncate(messages, { maxTokens: 500, target: 1 });
    expect(validateHistory(kept)).toEqual([]);
    // 8 overhead + 16 for system and task + 4 steps × 117 = 492; a fifth step would make 609.
    expect(kept).toEqual([messages[0], messages[1], ...messages.slice(-8)]);
    expect(counter.countPrompt({ messages: kept })).toBe(492);
    expect(edits).toEqual([
      {
        strategy: 'truncation',
        kind: 'drop-messages',
        messageIndexes: Array.from({ length: 12 }, (_, i) => i + 2),
        tokensBefore: 6 * 117,
        tokensAfter: 0,
      },
    ]);
    expect(state).toEqual({ cut: 14 });
  });

  it('uses the usable window (minus reserved output) when no maxTokens is given', async () => {
    const messages = history(10);
    const strategy = truncation({ target: 1 });
    const budget = { contextWindow: 700, reservedOutputTokens: 200 };
    const { messages: kept } = await strategy.apply({
      messages,
      counter,
      budget,
      state: strategy.initialState(),
    });
    expect(kept).toHaveLength(2 + 8);
    expect((await truncate(messages, { fraction: 0.5, target: 1 }, 1000)).messages).toHaveLength(2 + 8);
  });

  it('keeps pinned messages with their whole step, and parallel results with their call', async () => {
    const messages = history(6);
    messages[4] = pin(messages[4] as ModelMessage); // the assistant message of step c1
    messages.push(
      {
        role: 'assistant',
        content: ['p', 'q'].map((id) => ({ type: 'tool-call', toolCallId: id, toolName: 'bash', input: {} })),
      },
      ...['p', 'q'].map(
        (id): ModelMessage => ({
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: id,
              toolName: 'bash',
              output: { type: 'text', value: output },
            },
          ],
        }),
      ),
    );
    const { messages: kept } = await truncate(messages, { maxTokens: 400, target: 1 });
    expect(validateHistory(kept)).toEqual([]);
    expect(kept).toEqual([messages[0], messages[1], messages[4], messages[5], ...messages.slice(-3)]);
  });

  it('always keeps the newest step, even alone over the limit', async () => {
    const messages = history(3);
    const { messages: kept } = await truncate(messages, { maxTokens: 10 });
    expect(kept).toEqual([messages[0], messages[1], ...messages.slice(-2)]);
  });

  it('cuts whole turns when asked', async () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'First question, the task.' },
      { role: 'assistant', content: 'Answer one.' },
      { role: 'user', content: 'Second question.' },
      ...toolStep({ id: 'a', output }),
      { role: 'assistant', content: 'Answer two.' },
      { role: 'user', content: 'Third question.' },
      { role: 'assistant', content: 'Answer three.' },
    ];
    const steps = await truncate(messages, { maxTokens: 60, target: 1 });
    expect(steps.messages).toEqual([messages[0], ...messages.slice(-3)]);
    const turns = await truncate(messages, { maxTokens: 60, target: 1, unit: 'turns' });
    // The task's turn is kept whole, with its answer.
    expect(turns.messages).toEqual([messages[0], messages[1], ...messages.slice(-2)]);
  });

  it('cuts in batches down to target × limit and keeps the cut while the history fits', async () => {
    const strategy = truncation({ maxTokens: 1000, target: 0.6 });
    const full = history(30);
    let state = strategy.initialState();
    const cuts: number[] = [];
    for (let steps = 1; steps <= 30; steps += 1) {
      const result = await strategy.apply({
        messages: full.slice(0, 2 + 2 * steps),
        counter,
        budget: { contextWindow: 0 },
        state,
      });
      expect(counter.countPrompt({ messages: result.messages })).toBeLessThanOrEqual(1000);
      if (result.state !== state) cuts.push(steps);
      state = result.state;
    }
    // 8 steps fit in 1,000 tokens; a cut keeps 4 (≤ 600), so the cut moves every 5 steps.
    expect(cuts).toEqual([9, 14, 19, 24, 29]);
  });

  it('on generated histories with target 1, keeps exactly the newest steps that fit', async () => {
    await fc.assert(
      fc.asyncProperty(agentHistory(), fc.integer({ min: 50, max: 20_000 }), async (messages, maxTokens) => {
        const { messages: kept } = await truncate(messages, { maxTokens, target: 1 });
        const pinned = pinnedIndexes(messages);
        const keptSet = new Set(kept);
        const spans = splitSteps(messages);
        const dropped = spans.filter((span) => !keptSet.has(messages[span.start] as ModelMessage));
        for (const span of dropped) {
          for (let index = span.start; index < span.end; index += 1) expect(pinned.has(index)).toBe(false);
        }
        const lastDropped = dropped.at(-1);
        if (lastDropped === undefined) return;
        const size = (span: { start: number; end: number }) =>
          messages
            .slice(span.start, span.end)
            .reduce((sum, message) => sum + counter.countMessage(message), 0);
        // The newest dropped step did not fit, and everything after it was kept.
        expect(counter.countPrompt({ messages: kept }) + size(lastDropped)).toBeGreaterThan(maxTokens);
        expect(kept.at(-1)).toBe(messages.at(-1));
      }),
      { numRuns: 1000 },
    );
  });

  describe('conformance', () => {
    strategyConformance({ make: () => truncation({ target: 1 }), shrinksToTarget: {} });
  });

  describe('conformance by turns, in batches', () => {
    strategyConformance({
      make: () => truncation({ unit: 'turns', fraction: 0.5, target: 0.5 }),
      shrinksToTarget: { unit: 'turns' },
    });
  });
});
