import type { ModelMessage, ToolResultPart } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StrategyOptionsError } from '../../errors/strategy-options-error.js';
import { validateHistory } from '../../messages/validate-history.js';
import { agentHistory } from '../../test/arbitrary-history.js';
import { quarterCounter } from '../../test/quarter-counter.js';
import { strategyConformance } from '../../test/strategy-conformance.js';
import { outputLines, toolStep } from '../../test/tool-step.js';
import { partTokens } from '../internal/part-tokens.js';
import { pin } from '../internal/pin.js';
import { pinnedIndexes } from '../internal/pinned-indexes.js';
import { toolResults } from '../internal/tool-parts.js';
import { describeMaskedOutput } from './masked-output.js';
import { type ObservationMaskingOptions, observationMasking } from './observation-masking.js';

const counter = quarterCounter();
const budget = { contextWindow: 100_000 };
const big = outputLines(100); // 100 lines, 4,099 characters, ~1,025 tokens

/** A task and `count` bash steps with big outputs, ids `c0`…. */
function history(count: number, output = big): ModelMessage[] {
  return [
    { role: 'system', content: 'You are an engineer.' },
    { role: 'user', content: 'Fix the bug.' },
    ...Array.from({ length: count }, (_, i) =>
      toolStep({ id: `c${i}`, output, thought: `step ${i}` }),
    ).flat(),
  ];
}

const resultOf = (message: ModelMessage | undefined): ToolResultPart => {
  const part = Array.isArray(message?.content) ? message.content[0] : undefined;
  if (part?.type !== 'tool-result') throw new Error('not a tool result');
  return part;
};

async function mask(messages: ModelMessage[], options: ObservationMaskingOptions = {}) {
  const strategy = observationMasking(options);
  return strategy.apply({ messages, counter, budget, state: strategy.initialState() });
}

describe('observationMasking', () => {
  it('replaces all but the last 10 outputs with a one-line placeholder, keeping actions and pairing', async () => {
    const messages = history(12);
    const { messages: output, edits, state } = await mask(messages);
    expect(validateHistory(output)).toEqual([]);
    expect(state.masked).toEqual(['c0', 'c1']);
    expect(resultOf(output[3])).toEqual({
      type: 'tool-result',
      toolCallId: 'c0',
      toolName: 'bash',
      output: { type: 'text', value: '[Old bash output omitted: 100 lines, 4,099 characters]' },
      providerOptions: { kioku: { placeholder: true } },
    });
    expect(output[7]).toBe(messages[7]);
    output.forEach((message, index) => {
      if (index !== 3 && index !== 5) expect(message).toBe(messages[index]);
    });
    expect(edits).toEqual([
      {
        strategy: 'observation-masking',
        kind: 'mask-tool-result',
        messageIndexes: [3],
        toolName: 'bash',
        tokensBefore: counter.countMessage(messages[3] as ModelMessage),
        tokensAfter: counter.countMessage(output[3] as ModelMessage),
      },
      expect.objectContaining({ messageIndexes: [5] }),
    ]);
    expect(edits[0]?.tokensAfter).toBeLessThan(20);
  });

  it('masks nothing while there are no more than `keep` outputs', async () => {
    const { messages: output, edits } = await mask(history(10));
    expect(edits).toEqual([]);
    expect(output).toEqual(history(10));
  });

  it('leaves outputs under minTokens alone', async () => {
    const messages = history(4, outputLines(5)); // ~50 tokens each
    expect((await mask(messages, { keep: 1 })).edits).toEqual([]);
    expect((await mask(messages, { keep: 1, minTokens: 10 })).edits).toHaveLength(3);
  });

  it('never replaces an output by a placeholder that is not shorter', async () => {
    const messages = history(3, 'x'.repeat(40));
    const { edits } = await mask(messages, { keep: 0, minTokens: 0 });
    expect(edits).toEqual([]);
  });

  it('masks only included tools and never excluded ones', async () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'go' },
      ...toolStep({ id: 'a', toolName: 'bash', output: big }),
      ...toolStep({ id: 'b', toolName: 'memory', output: big }),
      ...toolStep({ id: 'c', toolName: 'search', output: big }),
      // The newest step's output stays whatever `keep` says.
      ...toolStep({ id: 'd', toolName: 'search', output: big }),
    ];
    expect((await mask(messages, { keep: 0, exclude: ['memory'] })).state.masked).toEqual(['a', 'c']);
    expect(
      (await mask(messages, { keep: 0, include: ['search', 'memory'], exclude: ['memory'] })).state.masked,
    ).toEqual(['c']);
  });

  it('keeps pinned tool messages and outputs already replaced by a placeholder', async () => {
    const messages = [...history(3), ...toolStep({ id: 'newest', output: big })];
    messages[3] = pin(messages[3] as ModelMessage);
    const already = resultOf(messages[5]);
    messages[5] = {
      role: 'tool',
      content: [{ ...already, providerOptions: { kioku: { placeholder: true } } }],
    };
    const { messages: output, state } = await mask(messages, { keep: 0 });
    expect(state.masked).toEqual(['c2']);
    expect(output[3]).toBe(messages[3]);
    expect(output[5]).toBe(messages[5]);
  });

  it('says an error was cut, as an error-text output, and counts files', async () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'go' },
      ...toolStep({ id: 'e', output: { type: 'error-text', value: big } }),
      ...toolStep({
        id: 'f',
        output: {
          type: 'content',
          value: [
            { type: 'text', text: big },
            { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'iVBORw0KGgo=' } },
          ],
        },
      }),
      ...toolStep({ id: 'newest', output: big }),
    ];
    const { messages: output } = await mask(messages, { keep: 0 });
    expect(resultOf(output[2]).output).toEqual({
      type: 'error-text',
      value: '[Old bash error output omitted: 100 lines, 4,099 characters]',
    });
    expect(resultOf(output[4]).output).toEqual({
      type: 'text',
      value: '[Old bash output omitted: 101 lines, 4,106 characters, 1 file]',
    });
  });

  it('counts steps, not results: parallel results of one step are kept or masked together', async () => {
    const parallel = (ids: string[]): ModelMessage[] => [
      {
        role: 'assistant',
        content: ids.map((id) => ({ type: 'tool-call', toolCallId: id, toolName: 'bash', input: {} })),
      },
      {
        role: 'tool',
        content: ids.map((id) => ({
          type: 'tool-result',
          toolCallId: id,
          toolName: 'bash',
          output: { type: 'text', value: big },
        })),
      },
    ];
    const first: ModelMessage[] = [{ role: 'user', content: 'go' }, ...parallel(['p', 'q', 'r'])];
    // The newest step's three results are what the model asked for: none is masked, whatever `keep` says.
    for (const keep of [0, 1, 2]) expect((await mask(first, { keep })).edits).toEqual([]);
    const second = [...first, ...parallel(['s', 't'])];
    const { messages: output, edits } = await mask(second, { keep: 1 });
    const parts = toolResults(output).parts.map(({ part }) => part);
    expect(parts.map((part) => part.providerOptions?.kioku?.placeholder === true)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(parts[3]).toBe(toolResults(second).parts[3]?.part);
    // One edit per rewritten message: the three results of the older step share one tool message.
    expect(edits).toHaveLength(1);
  });

  it('keeps what it masked masked, even when a shorter history puts it back in the window', async () => {
    const strategy = observationMasking({ keep: 2 });
    const messages = history(4);
    const first = await strategy.apply({ messages, counter, budget, state: strategy.initialState() });
    expect(first.state.masked).toEqual(['c0', 'c1']);
    const shorter = [messages[0], messages[1], ...messages.slice(4)] as ModelMessage[];
    const second = await strategy.apply({ messages: shorter, counter, budget, state: first.state });
    expect(
      toolResults(second.messages).parts.map(({ part }) => part.providerOptions?.kioku?.placeholder),
    ).toEqual([true, undefined, undefined]);
  });

  it('returns the same masked message objects from call to call, so token counts stay cached', async () => {
    const strategy = observationMasking({ keep: 1 });
    const messages = history(3);
    const first = await strategy.apply({ messages, counter, budget, state: strategy.initialState() });
    const grown = [...messages, ...toolStep({ id: 'c3', output: big })];
    const second = await strategy.apply({ messages: grown, counter, budget, state: first.state });
    expect(second.messages[3]).toBe(first.messages[3]);
    expect(second.messages[5]).toBe(first.messages[5]);
    expect(second.state.masked).toEqual(['c0', 'c1', 'c2']);
  });

  it('with batchSize K, rewrites old outputs once per K new outputs, keeping keep to keep+K-1 verbatim', async () => {
    const strategy = observationMasking({ keep: 2, batchSize: 3 });
    const full = history(14);
    let state = strategy.initialState();
    const rewrites: number[] = [];
    for (let steps = 1; steps <= 14; steps += 1) {
      const result = await strategy.apply({ messages: full.slice(0, 2 + 2 * steps), counter, budget, state });
      if (result.state !== state) rewrites.push(steps);
      const verbatim = toolResults(result.messages).parts.filter(
        ({ part }) => part.providerOptions === undefined,
      );
      expect(verbatim.length).toBeGreaterThanOrEqual(Math.min(steps, 2));
      expect(verbatim.length).toBeLessThanOrEqual(2 + 3 - 1);
      state = result.state;
    }
    expect(rewrites).toEqual([5, 8, 11, 14]);
    expect(state.masked).toHaveLength(12);
  });

  it('lets the placeholder text be replaced', async () => {
    const { messages: output } = await mask(history(2), {
      keep: 1,
      placeholder: ({ toolName, tokens }) => `(${toolName}: ${tokens} tokens omitted)`,
    });
    expect(resultOf(output[3]).output).toEqual({ type: 'text', value: '(bash: 1029 tokens omitted)' });
  });

  it('describes what was cut in one line', () => {
    expect(
      describeMaskedOutput({
        toolName: 'query',
        toolCallId: 'call-1',
        text: '',
        lines: 1,
        characters: 12_345,
        tokens: 3000,
        files: 2,
        error: false,
      }),
    ).toBe('[Old query output omitted: 1 line, 12,345 characters, 2 files]');
  });

  it('rejects options it cannot work with', () => {
    expect(() => observationMasking({ keep: -1 })).toThrow(StrategyOptionsError);
    expect(() => observationMasking({ batchSize: 0 })).toThrow(
      /option `batchSize` is 0; expected an integer of at least 1/,
    );
  });

  it('on generated histories, keeps the outputs of the newest `keep` steps and masks every older big one', async () => {
    const strategy = observationMasking({ keep: 3 });
    await fc.assert(
      fc.asyncProperty(agentHistory(), async (messages) => {
        const { messages: output } = await strategy.apply({
          messages,
          counter,
          budget,
          state: { masked: [] },
        });
        const { parts: before, steps } = toolResults(messages);
        const after = toolResults(output).parts;
        const pinned = pinnedIndexes(messages);
        before.forEach(({ index, part, step }, position) => {
          const masked = after[position]?.part.providerOptions?.kioku?.placeholder === true;
          const original = part.providerOptions?.kioku?.placeholder === true;
          const message = messages[index] as ModelMessage;
          const eligible = step < steps - 3 && !pinned.has(index) && partTokens(counter, message, part) >= 64;
          expect(masked).toBe(original || eligible);
        });
      }),
      { numRuns: 1000 },
    );
  });

  describe('conformance', () => {
    strategyConformance({ make: () => observationMasking({ keep: 2 }) });
  });

  describe('conformance with batching and tool lists', () => {
    strategyConformance({
      make: () => observationMasking({ keep: 1, batchSize: 3, minTokens: 16, exclude: ['memory'] }),
    });
  });
});
