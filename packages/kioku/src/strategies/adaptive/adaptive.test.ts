import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { StrategyOptionsError } from '../../errors/strategy-options-error.js';
import { quarterCounter } from '../../test/quarter-counter.js';
import { strategyConformance } from '../../test/strategy-conformance.js';
import { outputLines, toolStep } from '../../test/tool-step.js';
import { thresholdTrigger } from '../../triggers/threshold-trigger.js';
import { tokenTrigger } from '../../triggers/token-trigger.js';
import { toolUsesTrigger } from '../../triggers/tool-uses-trigger.js';
import { contextEditing } from '../context-editing/index.js';
import { observationMasking } from '../observation-masking/index.js';
import type { Strategy } from '../strategy.js';
import { truncation } from '../truncation/index.js';
import { type AdaptiveOptions, type AdaptiveThresholds, adaptive } from './adaptive.js';

const counter = quarterCounter();

/** A task and `count` steps of ~1,000 tokens each (10 + 1,030). */
function history(count: number): ModelMessage[] {
  return [
    { role: 'user', content: 'Investigate alert 42.' },
    ...Array.from({ length: count }, (_, i) => toolStep({ id: `c${i}`, output: outputLines(100) })).flat(),
  ];
}

/** A stand-in stage that records which histories it saw and changes nothing. */
function spy(name: string, seen: string[], { needsModel = false } = {}): Strategy<number> {
  return {
    name,
    lossy: true,
    needsModel,
    initialState: () => 0,
    apply: async ({ messages, state }) => {
      seen.push(`${name}:${messages.length}`);
      return { messages: messages.slice(), edits: [], state: state + 1 };
    },
  };
}

async function run(options: AdaptiveOptions, messages: ModelMessage[], contextWindow: number) {
  const manager = adaptive(options);
  return manager.apply({ messages, counter, budget: { contextWindow }, state: manager.initialState() });
}

describe('adaptive', () => {
  const seen: string[] = [];
  const stages = () => {
    seen.length = 0;
    return {
      masking: spy('masking', seen),
      contextEditing: spy('editing', seen),
      truncation: spy('truncation', seen),
    };
  };
  const messages = history(10); // ~10,430 tokens

  it('escalates with pressure: nothing, masking, context editing, truncation', async () => {
    expect((await run(stages(), messages, 30_000)).state.level).toBe(0);
    expect(seen).toEqual([]);
    expect((await run(stages(), messages, 15_000)).state.level).toBe(1);
    expect(seen).toEqual(['masking:21']);
    expect((await run(stages(), messages, 12_000)).state.level).toBe(2);
    expect(seen).toEqual(['masking:21', 'editing:21']);
    const top = await run(stages(), messages, 10_500);
    expect(top.state).toEqual({ level: 3, stages: [1, 1, 1] });
    expect(seen).toEqual(['masking:21', 'editing:21', 'truncation:21']);
  });

  it('summarizes instead of clearing when a summarizer is configured', async () => {
    const withSummarizer = { ...stages(), summarizer: spy('summarizer', seen, { needsModel: true }) };
    expect(adaptive(withSummarizer).needsModel).toBe(true);
    expect(adaptive(stages()).needsModel).toBe(false);
    await run(withSummarizer, messages, 12_000);
    expect(seen).toEqual(['masking:21', 'summarizer:21']);
  });

  it('starts a stage on what the stages before it left, and keeps it running afterwards', async () => {
    const manager = adaptive({
      masking: observationMasking({ keep: 2 }),
      contextEditing: spy('editing', seen),
    });
    seen.length = 0;
    const budget = { contextWindow: 12_000 };
    // At 87% masking starts; what it leaves (~30%) is below 80%, so no context editing.
    const first = await manager.apply({ messages, counter, budget, state: manager.initialState() });
    expect(first.state.level).toBe(1);
    expect(seen).toEqual([]);
    expect(first.edits).toHaveLength(8);
    // A shorter history is under 50%, yet masking keeps running: what it masked stays masked, even the
    // outputs now among the last two.
    const second = await manager.apply({
      messages: messages.slice(0, 7),
      counter,
      budget,
      state: first.state,
    });
    expect(second.state.level).toBe(1);
    expect(second.edits.map((edit) => edit.messageIndexes)).toEqual([[2], [4], [6]]);
  });

  it('by default, masks, then clears old tool uses, then truncates to half the limit', async () => {
    const big = history(40); // ~41,600 tokens
    const masked = await run({}, big, 60_000);
    expect(masked.state.level).toBe(1);
    expect(masked.edits.every((edit) => edit.strategy === 'observation-masking')).toBe(true);
    expect(masked.edits).toHaveLength(30);
    // Clearing all but 3 tool uses leaves ~4,200 tokens, still above 95% of 4,000.
    const truncated = await run({}, big, 4000);
    expect(truncated.state.level).toBe(3);
    expect(new Set(truncated.edits.map((edit) => edit.strategy))).toEqual(
      new Set(['observation-masking', 'context-editing', 'truncation']),
    );
    expect(counter.countPrompt({ messages: truncated.messages })).toBeLessThanOrEqual(0.5 * 0.95 * 4000);
  });

  it('rejects thresholds out of order', () => {
    expect(() => adaptive({ thresholds: { mask: 0.9, summarize: 0.8 } })).toThrow(StrategyOptionsError);
    expect(() => adaptive({ thresholds: { truncate: 1.2 } })).toThrow(/thresholds.truncate/);
    expect(() => adaptive({ thresholds: { mask: 'high' as never } })).toThrow(/option `thresholds.mask`/);
    expect(() => adaptive({ thresholds: { summarize: { inputTokens: -1 } } })).toThrow(
      /thresholds.summarize.inputTokens/,
    );
  });

  describe('thresholds as triggers', () => {
    /** The level a manager with these thresholds reaches on a prompt of `promptTokens` tokens (spy stages). */
    async function level(thresholds: AdaptiveThresholds, promptTokens: number, contextWindow: number) {
      const manager = adaptive({ ...stages(), thresholds });
      const fixed = { ...counter, countPrompt: () => promptTokens };
      const output = await manager.apply({
        messages,
        counter: fixed,
        budget: { contextWindow },
        state: manager.initialState(),
      });
      return output.state.level;
    }

    it('starts a stage at exactly its fraction, as the share did before fractions became triggers', async () => {
      // 55 / 100 is 0.55, though 100 * 0.55 is 55.00000000000001; likewise 7 / 50 and 50 * 0.14.
      expect(await level({ mask: 0.55 }, 55, 100)).toBe(1);
      expect(await level({ mask: 0.55 }, 54, 100)).toBe(0);
      expect(await level({ mask: 0.14, summarize: 0.14 }, 7, 50)).toBe(2);
      expect(await level({ mask: 0.14 }, 6, 50)).toBe(0);
      // 0 starts a stage at every call, even on an empty prompt; a window of 0 counts as 1 token.
      expect(await level({ mask: 0 }, 0, 100)).toBe(1);
      expect(await level({ mask: 0.5 }, 0, 0)).toBe(0);
      expect(await level({ mask: 0.5 }, 1, 0)).toBe(3);
    });

    it('takes { fraction }, { inputTokens } and trigger objects, deciding as their plain forms do', async () => {
      for (const [promptTokens, expected] of [
        [7999, 1],
        [8000, 2],
      ] as const) {
        expect(await level({ mask: 0.5, summarize: 0.8 }, promptTokens, 10_000)).toBe(expected);
        expect(
          await level({ mask: { fraction: 0.5 }, summarize: { fraction: 0.8 } }, promptTokens, 10_000),
        ).toBe(expected);
        expect(
          await level({ mask: 0.5, summarize: thresholdTrigger({ fraction: 0.8 }) }, promptTokens, 10_000),
        ).toBe(expected);
        // By size, whatever the window (masking from 5,000 tokens as well).
        const window = 1_000_000;
        expect(
          await level(
            { mask: { inputTokens: 5000 }, summarize: { inputTokens: 8000 } },
            promptTokens,
            window,
          ),
        ).toBe(expected);
        expect(
          await level(
            { mask: { inputTokens: 5000 }, summarize: tokenTrigger({ inputTokens: 8000 }) },
            promptTokens,
            window,
          ),
        ).toBe(expected);
      }
      // Ten tool uses in the history: a tool-use trigger starts the second stage whatever the size.
      expect(await level({ mask: 0, summarize: toolUsesTrigger({ toolUses: 10 }) }, 1, 1_000_000)).toBe(2);
      expect(await level({ mask: 0, summarize: toolUsesTrigger({ toolUses: 11 }) }, 1, 1_000_000)).toBe(1);
    });

    it('never starts a stage before the ones before it, whatever its trigger says', async () => {
      expect(await level({ mask: 0.9, summarize: tokenTrigger({ inputTokens: 100 }) }, 5000, 10_000)).toBe(0);
      expect(await level({ mask: 0.9, summarize: tokenTrigger({ inputTokens: 100 }) }, 9000, 10_000)).toBe(2);
    });

    it('checks the order of thresholds of the same kind, and only of the same kind', () => {
      expect(() =>
        adaptive({ thresholds: { mask: thresholdTrigger({ fraction: 0.9 }), summarize: 0.8 } }),
      ).toThrow(/mask <= summarize <= truncate/);
      expect(() => adaptive({ thresholds: { summarize: 0.5, truncate: { fraction: 0.4 } } })).toThrow(
        StrategyOptionsError,
      );
      expect(() =>
        adaptive({
          thresholds: { mask: tokenTrigger({ inputTokens: 50_000 }), truncate: { inputTokens: 40_000 } },
        }),
      ).toThrow(/"mask":\{"inputTokens":50000\}/);
      expect(() =>
        adaptive({
          thresholds: {
            mask: toolUsesTrigger({ toolUses: 20 }),
            summarize: toolUsesTrigger({ toolUses: 10 }),
          },
        }),
      ).toThrow(/"summarize":\{"toolUses":10\}/);
      // A size and a fraction are not compared; nor is a trigger that states no figure.
      const custom = { name: 'custom', shouldCompact: () => true, target: () => 0 };
      expect(() => adaptive({ thresholds: { mask: 0.9, summarize: { inputTokens: 1000 } } })).not.toThrow();
      expect(() => adaptive({ thresholds: { mask: 0.9, summarize: custom, truncate: 0.1 } })).toThrow(
        /"summarize":"custom"/,
      );
      expect(() => adaptive({ thresholds: { mask: 0.9, summarize: custom } })).not.toThrow();
    });

    it("by default truncates to half a size threshold, or to half a trigger object's target", async () => {
      const big = history(40); // ~41,600 tokens
      for (const truncate of [{ inputTokens: 8000 }, tokenTrigger({ inputTokens: 8000 })]) {
        const { masking, contextEditing } = stages();
        const manager = adaptive({
          masking,
          contextEditing,
          thresholds: { mask: 0, summarize: 0, truncate },
        });
        const { messages: kept, state } = await manager.apply({
          messages: big,
          counter,
          budget: { contextWindow: 1_000_000 },
          state: manager.initialState(),
        });
        expect(state.level).toBe(3);
        expect(counter.countPrompt({ messages: kept })).toBeLessThanOrEqual(4000);
        expect(counter.countPrompt({ messages: kept })).toBeGreaterThan(3000);
      }
    });
  });

  describe('conformance', () => {
    strategyConformance({ make: () => adaptive() });
  });

  describe('conformance with small windows of its stages', () => {
    strategyConformance({
      make: () =>
        adaptive({
          thresholds: { mask: 0.2, summarize: 0.4, truncate: 0.6 },
          masking: observationMasking({ keep: 1, batchSize: 2 }),
          contextEditing: contextEditing({ trigger: { toolUses: 1 }, keep: 1, clearToolInputs: true }),
          truncation: truncation({ fraction: 0.6, target: 0.5, unit: 'turns' }),
        }),
    });
  });
});
