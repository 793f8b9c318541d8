import { describe, expect, it } from 'vitest';
import { loadSets } from '../tokens/load-sets.mjs';
import { aiSdkCheck, langChainCheck, loadFixture, openHandsCheck } from './peer-checks.mjs';

// A small sample of bench/peers/check.mjs: the real LangChain.js and AI SDK loops over the first 20 steps
// of one recorded run, and OpenHands' own output at one fixture run, each within 2% of kioku's model.
describe('real peer code against kioku’s peer models', () => {
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
});
