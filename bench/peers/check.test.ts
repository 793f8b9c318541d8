import { sweAgentCacheControl } from 'kioku/replay';
import { describeWithTrajectories } from 'kioku/test';
import { expect, it } from 'vitest';
import { loadSets } from '../tokens/load-sets.mjs';
import {
  aiSdkCheck,
  langChainCheck,
  loadFixture,
  openHandsCheck,
  sweAgentCacheControlCheck,
} from './peer-checks.mjs';

// A small sample of bench/peers/check.mjs: the real LangChain.js and AI SDK loops over the first 20 steps
// of one recorded run, and OpenHands' own output at one fixture run, each within 2% of kioku's model.
describeWithTrajectories('real peer code against kioku’s peer models', () => {
  it('agrees within 2% on tokens at every call of the sample', async () => {
    const [deepSeek, claude] = await loadSets();
    const run = claude?.transcripts.find((transcript) => transcript.id === 'django__django-11149');
    expect(run).toBeDefined();
    const langChain = await langChainCheck(run, { triggerTokens: 10_000, maxSteps: 20 });
    const aiSdk = await aiSdkCheck(run, { threshold: 10_000, maxSteps: 20 });
    // Both peers act on this sample, so the check is not of untouched histories.
    expect(langChain.calls.some((row) => row.realTokens < row.unmanagedTokens)).toBe(true);
    expect(aiSdk.calls.some((row) => row.realTokens < row.unmanagedTokens)).toBe(true);
    expect(langChain.maxRelativeError).toBeLessThanOrEqual(0.02);
    expect(aiSdk.maxRelativeError).toBeLessThanOrEqual(0.02);

    const fixture = await loadFixture('openhands-masking');
    const sample = fixture.runs.find((entry) => entry.id === 'marshmallow-code__marshmallow-1343');
    const recorded = deepSeek?.transcripts.find((transcript) => transcript.id === sample.id);
    const openHands = await openHandsCheck(recorded, sample);
    expect(openHands.calls[0].realTokens).toBeLessThan(openHands.calls[0].unmanagedTokens);
    expect(openHands.maxRelativeError).toBeLessThanOrEqual(0.02);
  });

  it('places SWE-agent ≥ 1.1’s cache_control breakpoints where its own Python does, at the same cost', async () => {
    const [, claude] = await loadSets();
    const fixture = await loadFixture('swe-agent-cache-control');
    const sample = fixture.runs.find((entry) => entry.id === 'django__django-11149');
    const run = claude?.transcripts.find((transcript) => transcript.id === sample.id);
    const checked = await sweAgentCacheControlCheck(run, sample);
    expect(checked.calls).toHaveLength(50);
    expect(checked.calls.at(-1)?.realMarked).toEqual([97, 99]);
    // The marks are read from: the check is not of an uncached history.
    expect(checked.calls.at(-1)?.realCacheRead).toBeGreaterThan(0);
    expect(checked.maxRelativeError).toBeLessThanOrEqual(0.02);
    // A model marking only the last message would be caught: misplaced, and no cache read.
    const wrong = await sweAgentCacheControlCheck(run, sample, {
      strategy: sweAgentCacheControl({ lastNMessages: 1 }),
    });
    expect(wrong.maxRelativeError).toBeGreaterThan(0.02);
    expect(wrong.modelCost).toBeGreaterThan(checked.realCost * 1.02);
  });
});
