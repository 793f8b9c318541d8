import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StrategyOptionsError } from '../../errors/strategy-options-error.js';
import { splitSteps, splitTurns } from '../../messages/split-turns.js';
import { validateHistory } from '../../messages/validate-history.js';
import { agentHistory } from '../../test/arbitrary-history.js';
import { quarterCounter } from '../../test/quarter-counter.js';
import { outputLines, toolStep } from '../../test/tool-step.js';
import { splitByFraction } from './split-by-fraction.js';
import { splitEveryNTurns } from './split-every-n-turns.js';

const counter = quarterCounter();

describe('splitByFraction', () => {
  it('puts the oldest ~70% by size before the index, on a step boundary', () => {
    const messages: ModelMessage[] = [
      { role: 'system', content: outputLines(100) }, // not counted
      { role: 'user', content: 'Fix the bug.' },
      ...Array.from({ length: 10 }, (_, i) => toolStep({ id: `c${i}`, output: outputLines(10) })).flat(),
    ];
    // Every step is the same size, the task tiny: 70% falls after the seventh step.
    expect(splitByFraction(messages, { counter })).toBe(2 + 2 * 7);
    expect(splitByFraction(messages, { counter, fraction: 0.3 })).toBe(2 + 2 * 3);
    // The last step always stays after the split, whatever the fraction.
    expect(splitByFraction(messages, { counter, fraction: 1 })).toBe(messages.length - 2);
    expect(splitByFraction(messages, { counter, fraction: 0 })).toBe(1);
  });

  it('chooses the nearest boundary even when one step is most of the history', () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'Fix the bug.' },
      ...toolStep({ id: 'a' }),
      ...toolStep({ id: 'big', output: outputLines(200) }),
      ...toolStep({ id: 'b' }),
    ];
    expect(splitByFraction(messages, { counter })).toBe(5);
  });

  it('splits between turns when asked', () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: outputLines(5) },
      ...toolStep({ id: 'a', output: outputLines(5) }),
      { role: 'user', content: 'And now?' },
      ...toolStep({ id: 'b', output: outputLines(5) }),
    ];
    expect(splitByFraction(messages, { counter, fraction: 0.5, unit: 'turns' })).toBe(3);
    expect(splitByFraction(messages, { counter, fraction: 0.9, unit: 'turns' })).toBe(3);
    expect(splitByFraction(messages, { counter, fraction: 0.2, unit: 'turns' })).toBe(0);
  });

  it('on generated histories, returns the nearest boundary and leaves both sides valid', () => {
    fc.assert(
      fc.property(agentHistory(), fc.double({ min: 0, max: 1, noNaN: true }), (messages, fraction) => {
        const index = splitByFraction(messages, { counter, fraction });
        let start = 0;
        while (messages[start]?.role === 'system') start += 1;
        const size = (end: number) =>
          messages.slice(start, end).reduce((sum, message) => sum + counter.countMessage(message), 0);
        const goal = fraction * size(messages.length);
        const candidates = [start, ...splitSteps(messages).map((span) => span.start)].filter(
          (boundary) => boundary >= start,
        );
        expect(candidates).toContain(index);
        for (const boundary of candidates) {
          expect(Math.abs(size(index) - goal)).toBeLessThanOrEqual(Math.abs(size(boundary) - goal) + 1e-9);
        }
        if (index > start) expect(validateHistory(messages.slice(0, index))).toEqual([]);
        const summary: ModelMessage = { role: 'user', content: 'Summary of the work so far.' };
        expect(validateHistory([summary, ...messages.slice(index)])).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('splitEveryNTurns', () => {
  const turns = (count: number): ModelMessage[] => [
    { role: 'system', content: 'You are helpful.' },
    ...Array.from({ length: count }, (_, i): ModelMessage[] => [
      { role: 'user', content: `question ${i}` },
      { role: 'assistant', content: `answer ${i}` },
    ]).flat(),
  ];

  it('splits before the last 10 turns once there are 21', () => {
    expect(splitEveryNTurns(turns(20))).toBeUndefined();
    expect(splitEveryNTurns(turns(21))).toBe(1 + 2 * 11);
    expect(splitEveryNTurns(turns(25), { every: 5, keep: 2 })).toBe(1 + 2 * 23);
    expect(splitEveryNTurns(turns(5), { every: 5, keep: 0 })).toBe(11);
  });

  it('counts steps for agents that get one user message', () => {
    const agent: ModelMessage[] = [
      { role: 'user', content: 'task' },
      ...Array.from({ length: 6 }, (_, i) => toolStep({ id: `c${i}` })).flat(),
    ];
    expect(splitEveryNTurns(agent, { every: 5, keep: 2 })).toBeUndefined();
    expect(splitEveryNTurns(agent, { every: 5, keep: 2, unit: 'steps' })).toBe(1 + 2 * 4);
  });

  it('on generated histories, splits on a turn boundary with `keep` turns after it', () => {
    fc.assert(
      fc.property(agentHistory(), fc.integer({ min: 1, max: 6 }), fc.nat(5), (messages, every, extra) => {
        const keep = extra % every;
        const index = splitEveryNTurns(messages, { every, keep });
        const spans = splitTurns(messages).filter((span) => messages[span.start]?.role !== 'system');
        if (spans.length < every) {
          expect(index).toBeUndefined();
          return;
        }
        expect(spans.filter((span) => span.start >= (index ?? 0))).toHaveLength(keep);
        expect(validateHistory(messages.slice(0, index))).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('rejects keep >= every', () => {
    expect(() => splitEveryNTurns([], { every: 3, keep: 3 })).toThrow(StrategyOptionsError);
  });
});
