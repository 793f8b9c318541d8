import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryBufferError } from '../../../errors/memory-buffer-error.js';
import { validateHistory } from '../../../messages/validate-history.js';
import { agentHistory } from '../../../test/arbitrary-history.js';
import { hangingModel } from '../../../test/hanging-model.js';
import { quarterCounter } from '../../../test/quarter-counter.js';
import { outputLines, toolStep } from '../../../test/tool-step.js';
import { pinnedIndexes } from '../../internal/pinned-indexes.js';
import { pipeline } from '../../pipeline/pipeline.js';
import { estimatedSummarization } from '../estimated-summarization.js';
import { isMemoryBlock, renderMemory } from './memory-block.js';
import { memoryBuffer } from './memory-buffer.js';
import { emptyMemory } from './memory-items.js';
import type { MemoryExtraction } from './memory-schema.js';
import { mergeMemory } from './merge-memory.js';

type Answer = MemoryExtraction | string | Error | ((prompt: string) => MemoryExtraction);

/** An extraction model answering each call with the next scripted answer (the last repeats); records the prompts. */
function scriptedExtractor(...answers: Answer[]) {
  const prompts: { system: string; user: string }[] = [];
  const model = new MockLanguageModelV4({
    doGenerate: async (options: LanguageModelV4CallOptions): Promise<LanguageModelV4GenerateResult> => {
      const text = (role: string) =>
        options.prompt
          .filter((message) => message.role === role)
          .map((message) =>
            typeof message.content === 'string'
              ? message.content
              : message.content.map((part) => ('text' in part ? part.text : '')).join(''),
          )
          .join('\n');
      prompts.push({ system: text('system'), user: text('user') });
      let answer = answers[Math.min(prompts.length, answers.length) - 1] ?? '';
      if (typeof answer === 'function') answer = answer(text('user'));
      if (answer instanceof Error) throw answer;
      return {
        content: [{ type: 'text', text: typeof answer === 'string' ? answer : JSON.stringify(answer) }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 300, noCache: 300, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 60, text: 60, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
  return { model, prompts };
}

const counter = quarterCounter();
const budget = { contextWindow: 100_000 };
const task: ModelMessage = {
  role: 'user',
  content: 'Triage alert 42 on host ws-7. Do not isolate the host yet.',
};
const steps = (count: number, from = 0): ModelMessage[] =>
  Array.from({ length: count }, (_, i) =>
    toolStep({
      id: `q${from + i}`,
      output: `Sign-in from 198.51.100.${from + i} to ws-7\n${outputLines(3)}`,
    }),
  ).flat();

const extraction: MemoryExtraction = {
  entities: [{ name: 'ws-7', type: 'host', note: 'The alerting host.' }],
  decisions: ['The sign-ins come from one external range.'],
  constraints: ['Do not isolate the host yet.'],
};

describe('memoryBuffer', () => {
  it('extracts with structured output every N messages and inserts one pinned block after the task', async () => {
    const { model, prompts } = scriptedExtractor(extraction);
    const strategy = memoryBuffer({ model, every: 6 });
    const few = [task, ...steps(2)];
    const first = await strategy.apply({ messages: few, counter, budget, state: strategy.initialState() });
    expect(first.messages).toEqual(few);
    expect(prompts).toHaveLength(0);

    const messages = [task, ...steps(4)];
    const {
      messages: output,
      edits,
      state,
    } = await strategy.apply({ messages, counter, budget, state: first.state });
    expect(prompts).toHaveLength(1);
    expect(prompts[0]?.user).toContain('<new-messages>');
    expect(output[0]).toBe(task);
    const block = output[1] as ModelMessage;
    expect(isMemoryBlock(block)).toBe(true);
    expect(pinnedIndexes(output).has(1)).toBe(true);
    expect(output.slice(2)).toEqual(messages.slice(1));
    expect(block.content).toBe(
      [
        '=== Memory: entities, decisions, constraints ===',
        'Constraints:',
        '- Do not isolate the host yet.',
        'Entities:',
        '- ws-7 (host): The alerting host.',
        'Decisions:',
        '- The sign-ins come from one external range.',
        'Indicators:',
        // Each address with the host its record named, as a "Preserved facts" section lists it.
        '- IPv4 addresses: 198.51.100.0 (with ws-7), 198.51.100.1 (with ws-7), 198.51.100.2 (with ws-7), 198.51.100.3 (with ws-7)',
        // The task names the host: a fact of its own since facts cover host names.
        '- Hosts: ws-7',
      ].join('\n'),
    );
    expect(edits).toEqual([
      expect.objectContaining({
        kind: 'insert-memory',
        fresh: true,
        usage: { inputTokens: 300, outputTokens: 60, calls: 1 },
      }),
    ]);
    expect(state.processed).toBe(messages.length);

    // The next call reuses the block until enough new messages have come.
    const later = await strategy.apply({ messages: [...messages, ...steps(1, 4)], counter, budget, state });
    expect(later.messages[1]).toBe(block);
    expect(later.edits).toEqual([expect.objectContaining({ fresh: false })]);
    expect(prompts).toHaveLength(1);
  });

  it('keeps an address once per host it was seen on across extractions, and not without one', () => {
    const first = mergeMemory(emptyMemory, {
      indicators: [
        { kind: 'ipv4', value: '10.0.0.5' },
        { kind: 'ipv4', value: '10.0.0.9', host: 'ws-7' },
      ],
    });
    const merged = mergeMemory(first, {
      indicators: [
        { kind: 'ipv4', value: '10.0.0.5', host: 'ws-7' },
        { kind: 'ipv4', value: '10.0.0.5', host: 'db-2' },
        { kind: 'ipv4', value: '10.0.0.9', host: 'WS-7' },
      ],
    });
    expect(renderMemory(merged)).toContain(
      '- IPv4 addresses: 10.0.0.9 (with ws-7), 10.0.0.5 (with ws-7), 10.0.0.5 (with db-2)',
    );
  });

  it('consolidates the block when it outgrows its budget, keeping the user’s constraints', async () => {
    const many = (from: number): MemoryExtraction => ({
      entities: Array.from({ length: 15 }, (_, i) => ({
        name: `host-${from + i}`,
        type: 'host',
        note: 'Seen in the sign-in logs with a long note.',
      })),
      decisions: [],
      constraints: [],
    });
    const { model, prompts } = scriptedExtractor(many(0), {
      entities: [{ name: 'host-0', type: 'host', note: 'First of 15 similar hosts.' }],
      decisions: ['Fifteen hosts share the pattern.'],
      constraints: [],
    });
    const strategy = memoryBuffer({ model, every: 2, maxTokens: 200 });
    const { messages, edits, state } = await strategy.apply({
      messages: [task, ...steps(2)],
      counter,
      budget,
      state: strategy.initialState(),
    });
    expect(prompts).toHaveLength(2);
    expect(prompts[1]?.system).toContain('about 200 tokens');
    const block = messages.find(isMemoryBlock) as ModelMessage;
    expect(counter.countMessage(block)).toBeLessThanOrEqual(200);
    expect(block.content).toContain('- Do not isolate the host yet.');
    expect(block.content).toContain('Fifteen hosts share the pattern.');
    expect(state.consolidations).toBe(1);
    expect(edits[0]).toMatchObject({ consolidated: true, usage: { calls: 2 } });
  });

  it('trims deterministically when asked to, oldest first', async () => {
    const { model, prompts } = scriptedExtractor({
      entities: Array.from({ length: 40 }, (_, i) => ({ name: `user-${i}`, type: 'account', note: '' })),
      decisions: Array.from({ length: 40 }, (_, i) => `Decision number ${i} about the case.`),
      constraints: [],
    });
    const strategy = memoryBuffer({ model, every: 2, maxTokens: 150, consolidation: 'deterministic' });
    const { messages } = await strategy.apply({
      messages: [task, ...steps(2)],
      counter,
      budget,
      state: strategy.initialState(),
    });
    const block = messages.find(isMemoryBlock) as ModelMessage;
    expect(prompts).toHaveLength(1);
    expect(counter.countMessage(block)).toBeLessThanOrEqual(150);
    expect(block.content).toContain('Do not isolate the host yet.');
    expect(block.content).not.toContain('Decision number 0 ');
  });

  it('fails clearly and changes nothing when the model errs or answers off-schema', async () => {
    for (const [answer, reason] of [
      [new Error('rate limited'), 'model-error'],
      ['{"entities": "not a list"}', 'malformed-output'],
    ] as const) {
      const { model } = scriptedExtractor(answer);
      const strategy = memoryBuffer({ model, every: 1, maxRetries: 0 });
      const error = await strategy
        .apply({ messages: [task, ...steps(1)], counter, budget, state: strategy.initialState() })
        .catch((caught: unknown) => caught);
      expect(MemoryBufferError.isInstance(error) && error.reason).toBe(reason);
    }
  });

  it("gives up on a hung model after timeoutMs, and at once when the caller's signal aborts", async () => {
    const { model, signals } = hangingModel();
    const input = { messages: [task, ...steps(1)], counter, budget };
    const timed = memoryBuffer({ model, every: 1, maxRetries: 0, timeoutMs: 20 });
    const error = await timed
      .apply({ ...input, state: timed.initialState() })
      .catch((caught: unknown) => caught);
    expect(MemoryBufferError.isInstance(error) && error.message).toMatch(
      /extraction call gave no answer within 20 ms/,
    );
    const caller = new AbortController();
    const cancelled = memoryBuffer({ model, every: 1, maxRetries: 0, abortSignal: caller.signal });
    const pending = cancelled
      .apply({ ...input, state: cancelled.initialState() })
      .catch((caught: unknown) => caught);
    caller.abort(new Error('the user went away'));
    const aborted = await pending;
    expect(MemoryBufferError.isInstance(aborted) && aborted.reason).toBe('model-error');
    expect(signals.every((signal) => signal?.aborted === true)).toBe(true);
  });

  it('keeps its block through summarization in a pipeline', async () => {
    const { model } = scriptedExtractor(extraction);
    const strategy = pipeline(
      memoryBuffer({ model, every: 4 }),
      estimatedSummarization({ summaryTokens: 40, trigger: { inputTokens: 300 } }),
    );
    let state = strategy.initialState();
    const history = [task, ...steps(30)];
    for (let length = 3; length <= history.length; length += 2) {
      const result = await strategy.apply({ messages: history.slice(0, length), counter, budget, state });
      expect(validateHistory(result.messages)).toEqual([]);
      if (length > 8) expect(result.messages.filter(isMemoryBlock)).toHaveLength(1);
      state = result.state;
    }
    expect(state[1].compactions).toBeGreaterThan(1);
  });

  it('leaves generated histories valid, with their pinned messages and one block', async () => {
    const { model } = scriptedExtractor(extraction);
    await fc.assert(
      fc.asyncProperty(agentHistory(), async (messages) => {
        const strategy = memoryBuffer({ model, every: 1 });
        const { messages: output } = await strategy.apply({
          messages,
          counter,
          budget,
          state: strategy.initialState(),
        });
        expect(validateHistory(output)).toEqual([]);
        const kept = new Set(output);
        for (const index of pinnedIndexes(messages))
          expect(kept.has(messages[index] as ModelMessage)).toBe(true);
        expect(output.filter(isMemoryBlock).length).toBe(
          messages.some((message) => message.role !== 'system') ? 1 : 0,
        );
      }),
      { numRuns: 300 },
    );
  });
});
