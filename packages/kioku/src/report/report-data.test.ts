import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ReplayConfigurationError } from '../errors/replay-configuration-error.js';
import { analyzeStrategies } from '../replay/analyze-strategies.js';
import type { BreakpointPolicy } from '../replay/breakpoint-policy.js';
import { resolvePricing } from '../replay/resolve-pricing.js';
import type { TriggerSweepCurve } from '../replay/sweep-triggers.js';
import { kiokuDefault } from '../strategies/kioku-default/index.js';
import { unmanaged } from '../strategies/unmanaged/index.js';
import { importTranscript } from '../transcripts/import-transcript.js';
import { reportData } from './report-data.js';

const transcripts = importTranscript(
  readFileSync(new URL('../../../../samples/soc-investigation.json', import.meta.url), 'utf8'),
  { file: 'samples/soc-investigation.json' },
);

/** The sample replayed through kioku's default under `breakpoints`, priced Anthropic-style. */
function analysis(breakpoints: BreakpointPolicy) {
  return analyzeStrategies({
    transcripts,
    baseline: unmanaged(),
    strategies: [kiokuDefault()],
    pricingFor: (transcript) =>
      resolvePricing({ modelId: transcript.model ?? '', pricing: 'anthropic-style' }),
    breakpoints,
  });
}

// Replayed once for every test here.
const agentAnalysis = analysis('agent');
const frontierAnalysis = analysis('frontier');

/** A one-point sweep curve of kioku's default at `costCachedRatio`. */
const sweep = (costCachedRatio: number): TriggerSweepCurve[] => [
  {
    strategy: 'kioku-default',
    triggered: false,
    points: [
      {
        label: 'no trigger',
        inputTokens: 300,
        inputTokensRatio: 0.3,
        costNoCache: 3,
        costNoCacheRatio: 0.3,
        costCached: 10 * costCachedRatio,
        costCachedRatio,
        cacheHitRate: 0.5,
        callsOverWindow: 0,
        hiddenFactRate: 0.1,
      },
    ],
  },
];

describe('reportData', () => {
  it("keeps every breakpoint policy's table, per-call cost series and sweep, in the order given", async () => {
    const agent = await agentAnalysis;
    const frontier = await frontierAnalysis;
    const data = reportData({
      policies: [
        { name: 'agent', title: "cache breakpoints by the agents' rule", analysis: agent, sweep: sweep(0.4) },
        { name: 'frontier', analysis: frontier, sweep: sweep(0.3) },
      ],
      kiokuDefault: 'kioku-default',
    });
    expect(data.policies.map((policy) => policy.name)).toEqual(['agent', 'frontier']);
    expect(data.policies[0]?.title).toBe("cache breakpoints by the agents' rule");
    expect(data.policies[1]).not.toHaveProperty('title');
    expect(data.policies[0]?.strategies).toBe(agent.strategies);
    expect(data.policies[1]?.strategies).toBe(frontier.strategies);
    expect(data.policies.map((policy) => policy.sweep?.[0]?.points[0]?.costCachedRatio)).toEqual([0.4, 0.3]);
    // Each policy's cumulative cached cost is its own replays' (the two placements bill differently).
    const finalCost = (index: number) =>
      data.policies[index]?.transcripts[0]?.series['kioku-default']?.costCached.at(-1) ?? Number.NaN;
    const billed = (replays: typeof agent.replays) =>
      replays
        .filter((replay) => replay.strategy === 'kioku-default')
        .flatMap((replay) => replay.calls)
        .reduce((sum, call) => sum + call.costCached, 0);
    expect(finalCost(0)).toBeCloseTo(billed(agent.replays), 5);
    expect(finalCost(1)).toBeCloseTo(billed(frontier.replays), 5);
    expect(finalCost(0)).not.toBeCloseTo(finalCost(1), 3);
    // The subtitle counts the transcripts once, not once per policy.
    expect(data.subtitle).toMatch(/^1 transcript, 29 LLM calls replayed; priced as anthropic-style/);
    expect(data.baseline).toBe('unmanaged');
  });

  it('leaves out the sweep of a policy given none', async () => {
    const data = reportData({ policies: [{ name: 'agent', analysis: await agentAnalysis }] });
    expect(data.policies[0]).not.toHaveProperty('sweep');
    expect(data.policies[0]?.savedByTool.tools.length).toBeGreaterThan(0);
  });

  it('refuses no policy, and two policies under one name, saying which', async () => {
    expect(() => reportData({ policies: [] })).toThrow(/policies is empty/);
    const replayed = await agentAnalysis;
    let thrown: unknown;
    try {
      reportData({
        policies: [
          { name: 'agent', analysis: replayed },
          { name: 'agent', analysis: replayed },
        ],
      });
    } catch (error) {
      thrown = error;
    }
    expect(ReplayConfigurationError.isInstance(thrown)).toBe(true);
    expect(String((thrown as Error).message)).toContain('policies[1] is named "agent"');
  });
});
