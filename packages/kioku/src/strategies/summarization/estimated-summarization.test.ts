import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { StrategyOptionsError } from '../../errors/strategy-options-error.js';
import { validateHistory } from '../../messages/validate-history.js';
import { quarterCounter } from '../../test/quarter-counter.js';
import { strategyConformance } from '../../test/strategy-conformance.js';
import { outputLines, toolStep } from '../../test/tool-step.js';
import { thresholdTrigger } from '../../triggers/threshold-trigger.js';
import { tokenTrigger } from '../../triggers/token-trigger.js';
import { estimatedSummarization } from './estimated-summarization.js';
import { isSummarizeEdit, summaryUsageOf } from './summarize-edit.js';
import { isSummaryMessage, summaryText } from './summary-message.js';

const counter = quarterCounter();
const budget = { contextWindow: 100_000 };
const history: ModelMessage[] = [
  { role: 'user', content: 'Fix the failing test.' },
  ...Array.from({ length: 12 }, (_, i) => toolStep({ id: `c${i}`, output: outputLines(40) })).flat(),
];

describe('estimatedSummarization', () => {
  it('takes its "when" as a trigger object, deciding as the literal forms do', async () => {
    const run = async (trigger: NonNullable<Parameters<typeof estimatedSummarization>[0]>['trigger']) => {
      const strategy = estimatedSummarization({
        summaryTokens: 300,
        ...(trigger === undefined ? {} : { trigger }),
      });
      return (await strategy.apply({ messages: history, counter, budget, state: strategy.initialState() }))
        .messages;
    };
    expect(await run(tokenTrigger({ inputTokens: 1000 }))).toEqual(await run({ inputTokens: 1000 }));
    expect(await run(thresholdTrigger({ fraction: 0.9 }))).toEqual(await run({ fraction: 0.9 }));
    expect(await run({ fraction: 0 })).toEqual(await run({ inputTokens: 0 }));
    expect((await run(tokenTrigger({ inputTokens: 1_000_000 }))).some(isSummaryMessage)).toBe(false);
  });

  it('stands a labeled placeholder of the stated size for the summary', async () => {
    const strategy = estimatedSummarization({ summaryTokens: 300, trigger: { inputTokens: 1000 } });
    expect(strategy).toMatchObject({ lossy: true, needsModel: false, name: 'estimated-summarization' });
    const { messages, edits } = await strategy.apply({
      messages: history,
      counter,
      budget,
      state: strategy.initialState(),
    });
    const summary = messages.find(isSummaryMessage);
    expect(summary).toBeDefined();
    const text = summaryText(summary as ModelMessage);
    expect(text).toMatch(
      /^\[Estimated summary: a placeholder of about 300 tokens standing in for a model's summary of \d+ messages \(\d+ tokens\); no model was called\.\]/,
    );
    expect(Math.abs(counter.countText(text) - 300)).toBeLessThanOrEqual(8);
    expect(validateHistory(messages)).toEqual([]);
    const edit = edits.find(isSummarizeEdit);
    expect(edit).toMatchObject({ estimated: true, fresh: true });
    // The summary call it stands for is billed: the replaced messages and instructions in, the summary out.
    const usage = summaryUsageOf(edits);
    expect(usage.calls).toBe(1);
    expect(usage.inputTokens).toBeGreaterThan(edit?.tokensBefore ?? 0);
    expect(usage.outputTokens).toBe(counter.countText(text));
  });

  it('sizes the placeholder as a share of what it replaces with `ratio`', async () => {
    const strategy = estimatedSummarization({ ratio: 0.1, trigger: { inputTokens: 1000 } });
    const { edits } = await strategy.apply({
      messages: history,
      counter,
      budget,
      state: strategy.initialState(),
    });
    const edit = edits.find(isSummarizeEdit);
    const usage = summaryUsageOf(edits);
    expect(usage.outputTokens / (edit?.tokensBefore ?? 1)).toBeCloseTo(0.1, 1);
  });

  it('rejects sizes it cannot work with', () => {
    expect(() => estimatedSummarization({ ratio: 0 })).toThrow(StrategyOptionsError);
    expect(() => estimatedSummarization({ ratio: 1.5 })).toThrow(StrategyOptionsError);
    expect(() => estimatedSummarization({ summaryTokens: 0 })).toThrow(StrategyOptionsError);
    expect(() => estimatedSummarization({ split: { every: 3, keep: 3 } })).toThrow(StrategyOptionsError);
    expect(() => estimatedSummarization({ trigger: { fraction: 2 } })).toThrow(StrategyOptionsError);
  });

  describe('on generated histories', () => {
    strategyConformance({
      make: () => estimatedSummarization({ summaryTokens: 30, trigger: { inputTokens: 100 } }),
      numRuns: 1000,
      shrinksToTarget: { addedTokens: 80 },
    });
    strategyConformance({
      make: () =>
        estimatedSummarization({
          ratio: 0.2,
          split: { every: 3, keep: 1, unit: 'steps' },
          minSliceTokens: 0,
        }),
      numRuns: 1000,
    });
  });
});
