import { describe, expect, it } from 'vitest';
import { ReplayConfigurationError } from '../errors/replay-configuration-error.js';
import { kiokuDefault } from '../strategies/kioku-default/index.js';
import { unmanaged } from '../strategies/unmanaged/index.js';
import { quarterCounter } from '../test/quarter-counter.js';
import { outputLines, toolStep } from '../test/tool-step.js';
import type { Transcript } from '../transcripts/transcript.js';
import { analyzeStrategies } from './analyze-strategies.js';
import { resolvePricing } from './resolve-pricing.js';

const runs: Transcript[] = [30, 12].map((steps, run) => ({
  format: 'test',
  file: `run-${run}.json`,
  id: String(run),
  model: 'deepseek-chat',
  messages: [
    { role: 'user', content: 'Fix the bug.' },
    ...Array.from({ length: steps }, (_, i) => toolStep({ id: `c${i}`, output: outputLines(80) })).flat(),
  ],
  calls: [],
}));
const options = {
  transcripts: runs,
  pricingFor: () => resolvePricing({ modelId: 'deepseek-chat', pricing: 'anthropic-style' }),
  counterFor: () => quarterCounter(),
};

describe('analyzeStrategies', () => {
  it('replays every transcript through the baseline and each strategy, with ratios to the baseline', async () => {
    const replays: string[] = [];
    let total = 0;
    const analysis = await analyzeStrategies({
      ...options,
      baseline: unmanaged(),
      strategies: [kiokuDefault()],
      onStart: (count) => {
        total = count;
      },
      onReplay: (replay) => replays.push(`${replay.transcript.id}:${replay.strategy}`),
    });
    expect(total).toBe(4);
    expect(replays).toEqual(['0:unmanaged', '0:kioku-default', '1:unmanaged', '1:kioku-default']);
    const [baseline, masked] = analysis.strategies;
    expect(analysis.baseline).toBe('unmanaged');
    expect(baseline).toMatchObject({ name: 'unmanaged', transcripts: 2, calls: 42, inputTokensRatio: 1 });
    expect(baseline?.costCachedRatio).toBe(1);
    expect(masked?.name).toBe('kioku-default');
    expect(masked?.inputTokensRatio).toBeLessThan(1);
    expect(masked?.inputTokensRatio).toBeCloseTo(
      (masked?.inputTokens ?? 0) / (baseline?.inputTokens ?? 1),
      12,
    );
    expect(masked?.violations).toBe(0);
    expect(masked?.savedByTool.bash).toBeGreaterThan(0);
    expect(masked?.overheadMsP95).toBeGreaterThanOrEqual(0);
  });

  it('refuses two strategies under one name', async () => {
    await expect(
      analyzeStrategies({ ...options, baseline: unmanaged(), strategies: [unmanaged()] }),
    ).rejects.toThrow(ReplayConfigurationError);
  });
});
