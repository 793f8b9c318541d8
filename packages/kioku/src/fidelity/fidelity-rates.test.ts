import { describe, expect, it } from 'vitest';
import type { CallFidelity } from './call-fidelity.js';
import { fidelityRates } from './fidelity-rates.js';
import { fidelityTotals } from './fidelity-totals.js';

const call = (
  facts: number,
  hidden: string[],
  tools: [string, boolean][] = [],
  own: string[] = hidden,
): CallFidelity => ({
  facts,
  hidden,
  factsIncludingOwn: facts + own.length - hidden.length,
  hiddenIncludingOwn: own,
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
      call(0, [], [], ['x']),
      call(4, ['c'], [['search', true]]),
    ];
    const whole = fidelityTotals(calls);
    expect(whole).toEqual({
      calls: 4,
      callsWithHiddenFact: 2,
      facts: 8,
      hiddenFacts: 3,
      callsWithHiddenFactIncludingOwn: 3,
      factsIncludingOwn: 9,
      hiddenFactsIncludingOwn: 4,
      toolCalls: { book: { calls: 2, withHiddenFact: 1 }, search: { calls: 2, withHiddenFact: 1 } },
    });
    expect(fidelityTotals([fidelityTotals(calls.slice(0, 1)), fidelityTotals(calls.slice(1))])).toEqual(
      whole,
    );
    expect(fidelityRates(whole)).toEqual({
      hiddenFactRate: 0.5,
      hiddenFactsPer100Calls: 75,
      hiddenFactRateIncludingOwn: 0.75,
      hiddenToolFactShare: 3 / 8,
      hiddenArgumentsByTool: { book: { calls: 2, hiddenRate: 0.5 }, search: { calls: 2, hiddenRate: 0.5 } },
    });
  });

  it('are 0 over no calls', () => {
    expect(fidelityRates(fidelityTotals([]))).toEqual({
      hiddenFactRate: 0,
      hiddenFactsPer100Calls: 0,
      hiddenFactRateIncludingOwn: 0,
      hiddenToolFactShare: 0,
      hiddenArgumentsByTool: {},
    });
  });
});
