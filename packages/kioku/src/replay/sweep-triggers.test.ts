import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { anthropicClearToolUses } from '../baselines/anthropic-clear-tool-uses.js';
import { kiokuDefault } from '../strategies/kioku-default/index.js';
import { unmanaged } from '../strategies/unmanaged/index.js';
import { quarterCounter } from '../test/quarter-counter.js';
import { outputLines, toolStep } from '../test/tool-step.js';
import type { Transcript } from '../transcripts/transcript.js';
import { resolvePricing } from './resolve-pricing.js';
import { sweepTriggers, triggerLabel } from './sweep-triggers.js';

const runs: Transcript[] = [30, 12].map((steps, run) => ({
  format: 'test',
  file: `run-${run}.json`,
  id: String(run),
  model: 'deepseek-chat',
  messages: [
    { role: 'user', content: 'Fix the bug.' },
    ...Array.from({ length: steps }, (_, i) => toolStep({ id: `c${i}`, output: outputLines(80) })).flat(),
  ] satisfies ModelMessage[],
  calls: [],
}));

describe('sweepTriggers', () => {
  const sweep = () =>
    sweepTriggers({
      transcripts: runs,
      baseline: unmanaged(),
      triggered: [{ name: 'clear', create: (trigger) => anthropicClearToolUses({ trigger }) }],
      fixed: [kiokuDefault()],
      fractions: [0.05, 0.5],
      inputTokens: [100_000],
      pricingFor: () => resolvePricing({ modelId: 'deepseek-chat', pricing: 'anthropic-style' }),
      counterFor: () => quarterCounter(),
      budgetFor: () => ({ contextWindow: 40_000 }),
    });

  it('gives one point per trigger for a triggered strategy and one for a strategy without a trigger', async () => {
    const result = await sweep();
    expect(result.baseline).toBe('unmanaged');
    expect(result.curves.map((curve) => [curve.strategy, curve.triggered, curve.points.length])).toEqual([
      ['kioku-default', false, 1],
      ['clear', true, 3],
    ]);
    const [fixed, clear] = result.curves;
    expect(fixed?.points[0]?.label).toBe('no trigger');
    expect(fixed?.points[0]?.trigger).toBeUndefined();
    expect(clear?.points.map((point) => point.label)).toEqual([
      '0.05 of the window',
      '0.5 of the window',
      '100,000 tokens',
    ]);
    expect(clear?.points.map((point) => point.trigger)).toEqual([
      { fraction: 0.05 },
      { fraction: 0.5 },
      { inputTokens: 100_000 },
    ]);
    // 0.05 of a 40k window (2k tokens) clears early; 100k is never reached.
    const [early, , never] = clear?.points ?? [];
    expect(early?.inputTokensRatio).toBeLessThan(0.5);
    expect(never?.inputTokensRatio).toBe(1);
    expect(never?.costCachedRatio).toBe(1);
  });

  it("measures each point's hidden-fact rate: none for a trigger never reached", async () => {
    const result = await sweep();
    const [, clear] = result.curves;
    const [early, , never] = clear?.points ?? [];
    expect(never?.hiddenFactRate).toBe(0);
    for (const curve of result.curves)
      for (const point of curve.points) expect(typeof point.hiddenFactRate).toBe('number');
    expect(early?.hiddenFactRate).toBeLessThanOrEqual(1);
  });

  it('labels triggers', () => {
    expect(triggerLabel({ fraction: 0.3 })).toBe('0.3 of the window');
    expect(triggerLabel({ inputTokens: 20_000 })).toBe('20,000 tokens');
    expect(triggerLabel(undefined)).toBe('no trigger');
  });
});
