import type { RecordedUsage } from '../transcripts/transcript.js';
import type { CallBill } from './call-bill.js';
import type { ModelPrice } from './model-info.js';
import { priceBill } from './price-bill.js';

/** The quantities compared by {@link compareBills}. */
export type BilledQuantity = 'promptTokens' | 'inputTokens' | 'cacheReadTokens' | 'cacheWriteTokens' | 'cost';

const quantities: readonly BilledQuantity[] = [
  'promptTokens',
  'inputTokens',
  'cacheReadTokens',
  'cacheWriteTokens',
  'cost',
];

/** How simulated bills match recorded ones, over the calls whose usage records the cache split. */
export interface BillComparison {
  /** Calls compared: those with a recorded cache split. */
  calls: number;
  /** Calls left out because their usage has no cache split (or no usage at all). */
  callsLackingSplit: number;
  /** Sums over the compared calls; recorded `cost` is the recorded split priced at the model's prices. */
  recorded: Record<BilledQuantity, number>;
  simulated: Record<BilledQuantity, number>;
  /** `(simulated − recorded) / recorded` of the sums, in percent. */
  aggregateErrorPercent: Record<BilledQuantity, number>;
  /**
   * Median over the compared calls of `|simulated − recorded| / recorded`, in percent, leaving out calls
   * where the recorded quantity is 0; `NaN` when no call has it.
   */
  medianErrorPercent: Record<BilledQuantity, number>;
  /** What the recorder itself said the compared calls cost, when it recorded costs. */
  recorderCost?: number;
}

/**
 * Compares simulated bills with the usage a provider reported, call by call (`recorded[i]` belongs to
 * `bills[i]`). A call counts only when its usage has `cacheReadTokens`: the split is what is being
 * checked, and calls without it are reported in `callsLackingSplit`, not guessed.
 *
 * @example
 * const comparison = compareBills({ bills: report.calls, recorded: calls.map((c) => c.usage), price });
 * comparison.aggregateErrorPercent.cacheReadTokens;
 */
export function compareBills({
  bills,
  recorded,
  price,
}: {
  bills: readonly CallBill[];
  recorded: ReadonlyArray<RecordedUsage | undefined>;
  price: ModelPrice;
}): BillComparison {
  const pairs: Array<{ simulated: CallBill; recorded: CallBill }> = [];
  let lacking = 0;
  let recorderCost = 0;
  let recorderCostKnown = true;
  bills.forEach((bill, index) => {
    const usage = recorded[index];
    if (usage?.cacheReadTokens === undefined) {
      lacking += 1;
      return;
    }
    if (usage.cost === undefined) recorderCostKnown = false;
    else recorderCost += usage.cost;
    const split = {
      cacheReadTokens: usage.cacheReadTokens,
      cacheWriteTokens: usage.cacheWriteTokens ?? 0,
      cacheWriteLongTokens: 0,
    };
    const outputTokens = usage.completionTokens ?? bill.outputTokens;
    pairs.push({
      simulated: bill,
      recorded: priceBill({ promptTokens: usage.promptTokens, outputTokens, split, price }),
    });
  });
  const sum = (side: 'simulated' | 'recorded', quantity: BilledQuantity): number =>
    pairs.reduce((total, pair) => total + pair[side][quantity], 0);
  const record = (value: (quantity: BilledQuantity) => number): Record<BilledQuantity, number> =>
    Object.fromEntries(quantities.map((quantity) => [quantity, value(quantity)])) as Record<
      BilledQuantity,
      number
    >;
  const recordedSums = record((quantity) => sum('recorded', quantity));
  const simulatedSums = record((quantity) => sum('simulated', quantity));
  const comparison: BillComparison = {
    calls: pairs.length,
    callsLackingSplit: lacking,
    recorded: recordedSums,
    simulated: simulatedSums,
    aggregateErrorPercent: record((quantity) => percent(simulatedSums[quantity], recordedSums[quantity])),
    medianErrorPercent: record((quantity) =>
      median(
        pairs
          .filter((pair) => pair.recorded[quantity] > 0)
          .map((pair) => Math.abs(percent(pair.simulated[quantity], pair.recorded[quantity]))),
      ),
    ),
  };
  if (recorderCostKnown && pairs.length > 0) comparison.recorderCost = recorderCost;
  return comparison;
}

function percent(simulated: number, recorded: number): number {
  return recorded === 0
    ? simulated === 0
      ? 0
      : Number.POSITIVE_INFINITY
    : ((simulated - recorded) / recorded) * 100;
}

function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
