import { describe, expect, it } from 'vitest';
import type { CallFidelity } from './call-fidelity.js';
import { fidelityRates } from './fidelity-rates.js';
import { fidelityTotals } from './fidelity-totals.js';

const call = (
  facts: number,
  hidden: string[],
  tools: [string, boolean][] = [],
  hiddenOutputFacts: string[] = hidden,
  outputFacts = facts,
): CallFidelity => ({
  facts,
  hidden,
  outputFacts,
  hiddenOutputFacts,
  toolCalls: tools.map(([toolName, hiddenInArguments]) => ({ toolName, hiddenInArguments })),
});

describe('fidelityTotals and fidelityRates', () => {
  it('add up calls, and totals of calls, into the same figures', () => {
    const calls = [
      call(3, ['a', 'b'], [['book', true]]),
      call(
        1,
        [],
        [
          ['book', false],
          ['search', false],
        ],
      ),
      // A fact only the agent's own earlier message held: in the headline, not among the outputs' facts.
      call(1, ['x'], [], [], 0),
      call(4, ['c'], [['search', true]]),
    ];
    const whole = fidelityTotals(calls);
    expect(whole).toEqual({
      calls: 4,
      callsWithHiddenFact: 3,
      facts: 9,
      hiddenFacts: 4,
      callsWithHiddenOutputFact: 2,
      outputFacts: 8,
      hiddenOutputFacts: 3,
      toolCalls: { book: { calls: 2, withHiddenFact: 1 }, search: { calls: 2, withHiddenFact: 1 } },
    });
    expect(fidelityTotals([fidelityTotals(calls.slice(0, 1)), fidelityTotals(calls.slice(1))])).toEqual(
      whole,
    );
    expect(fidelityRates(whole)).toEqual({
      hiddenFactRate: 0.75,
      hiddenFactsPer100Calls: 100,
      hiddenOutputFactRate: 0.5,
      hiddenFactShare: 4 / 9,
      hiddenArgumentsByTool: { book: { calls: 2, hiddenRate: 0.5 }, search: { calls: 2, hiddenRate: 0.5 } },
    });
  });

  it('are 0 over no calls', () => {
    expect(fidelityRates(fidelityTotals([]))).toEqual({
      hiddenFactRate: 0,
      hiddenFactsPer100Calls: 0,
      hiddenOutputFactRate: 0,
      hiddenFactShare: 0,
      hiddenArgumentsByTool: {},
    });
  });
});
