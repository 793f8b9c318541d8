import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { StrategyOptionsError } from '../../errors/strategy-options-error.js';
import { quarterCounter } from '../../test/quarter-counter.js';
import { strategyConformance } from '../../test/strategy-conformance.js';
import { outputLines, toolStep } from '../../test/tool-step.js';
import { contextEditing } from '../context-editing/index.js';
import { observationMasking } from '../observation-masking/index.js';
import type { Strategy } from '../strategy.js';
import { truncation } from '../truncation/index.js';
import { type AdaptiveOptions, adaptive } from './adaptive.js';

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
