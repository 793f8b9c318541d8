import type { ModelMessage } from 'ai';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { quarterCounter } from '../../test/quarter-counter.js';
import { strategyConformance } from '../../test/strategy-conformance.js';
import { outputLines, toolStep } from '../../test/tool-step.js';
import { type ObservationMaskingState, observationMasking } from '../observation-masking/index.js';
import type { Strategy } from '../strategy.js';
import { toolInputClearing } from '../tool-input-clearing/index.js';
import { type TruncationState, truncation } from '../truncation/index.js';
import { unmanaged } from '../unmanaged/index.js';
import { pipeline } from './pipeline.js';

const counter = quarterCounter();
const budget = { contextWindow: 100_000 };

function history(count: number): ModelMessage[] {
  return [
    { role: 'user', content: 'Fix the bug.' },
    ...Array.from({ length: count }, (_, i) => toolStep({ id: `c${i}`, output: outputLines(20) })).flat(),
  ];
}

/** A lossless strategy that needs a model, to check the flags; records the histories it was given. */
function recorder(seen: number[]): Strategy<number> {
  return {
    name: 'recorder',
    lossy: false,
    needsModel: true,
    initialState: () => 0,
    apply: async ({ messages, state }) => {
      seen.push(messages.length);
      return { messages: messages.slice(), edits: [], state: state + 1 };
    },
  };
}

describe('pipeline', () => {
  it('applies strategies in order, each to the previous output, with a tuple of states', async () => {
    const seen: number[] = [];
    const strategy = pipeline(
      truncation({ maxTokens: 500, target: 1 }),
      recorder(seen),
      observationMasking({ keep: 1 }),
    );
    expect(strategy.name).toBe('pipeline(truncation, recorder, observation-masking)');
    expect(strategy.lossy).toBe(true);
    expect(strategy.needsModel).toBe(true);
    expectTypeOf(strategy.initialState()).toEqualTypeOf<[TruncationState, number, ObservationMaskingState]>();
    const messages = history(8);
    const {
      messages: output,
      edits,
      state,
    } = await strategy.apply({
      messages,
      counter,
      budget,
      state: strategy.initialState(),
    });
    expect(seen).toEqual([output.length]);
    expect(output).toHaveLength(1 + 2 * 2);
    expect(state).toEqual([{ cut: 13 }, 1, { masked: ['c6'] }]);
    // Masking's edit points into truncation's output, where c6's result is message 2.
    expect(edits.map((edit) => [edit.strategy, edit.messageIndexes])).toEqual([
      ['truncation', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]],
      ['observation-masking', [2]],
    ]);
  });

  it('returns the same state object when no stage changed its state', async () => {
    const strategy = pipeline(observationMasking(), truncation());
    const state = strategy.initialState();
    const result = await strategy.apply({ messages: history(2), counter, budget, state });
    expect(result.state).toBe(state);
  });

  it('with no strategies, is the identity', async () => {
    const strategy = pipeline();
    const messages = history(1);
    const result = await strategy.apply({ messages, counter, budget, state: strategy.initialState() });
    expect(strategy.lossy).toBe(false);
    expect(result.messages).toEqual(messages);
    expect(result.messages).not.toBe(messages);
  });

  it('offers compact when a stage does: that stage compacts, the others apply; the signal reaches each', async () => {
    const calls: string[] = [];
    const signals: Array<AbortSignal | undefined> = [];
    const onDemand: Strategy<null> = {
      name: 'on-demand',
      lossy: true,
      needsModel: false,
      initialState: () => null,
      apply: async ({ messages, state, abortSignal }) => {
        calls.push('apply');
        signals.push(abortSignal);
        return { messages: messages.slice(), edits: [], state };
      },
      compact: async ({ messages, state, abortSignal }) => {
        calls.push('compact');
        signals.push(abortSignal);
        return { messages: messages.slice(0, 1), edits: [], state };
      },
    };
    expect(pipeline(observationMasking(), truncation()).compact).toBeUndefined();
    const strategy = pipeline(recorder([]), onDemand);
    const abortSignal = new AbortController().signal;
    const input = { messages: history(2), counter, budget, state: strategy.initialState(), abortSignal };
    expect((await strategy.apply(input)).messages).toHaveLength(5);
    expect((await strategy.compact?.(input))?.messages).toHaveLength(1);
    expect(calls).toEqual(['apply', 'compact']);
    expect(signals).toEqual([abortSignal, abortSignal]);
  });

  describe('conformance', () => {
    strategyConformance({
      make: () =>
        pipeline(
          toolInputClearing({ keep: 1, minTokens: 64 }),
          unmanaged(),
          observationMasking({ keep: 2, batchSize: 2 }),
          truncation({ target: 0.7 }),
        ),
    });
  });
});
