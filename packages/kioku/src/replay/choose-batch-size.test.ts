import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { StrategyOptionsError } from '../errors/strategy-options-error.js';
import type { ModelInfo } from '../pricing/model-info.js';
import { noCachePolicy } from '../pricing/no-cache-policy.js';
import { observationMasking } from '../strategies/observation-masking/index.js';
import { quarterCounter } from '../test/quarter-counter.js';
import { outputLines, toolStep } from '../test/tool-step.js';
import { importTranscript } from '../transcripts/import-transcript.js';
import type { Transcript } from '../transcripts/transcript.js';
import { chooseBatchSize } from './choose-batch-size.js';
import { modelPricing } from './model-pricing.js';

const counter = quarterCounter();
/** Claude 3.5 Sonnet's prices, in USD per token. */
const sonnet: ModelInfo = {
  id: 'claude-3-5-sonnet-20241022',
  provider: 'anthropic',
  contextWindow: 200_000,
  maxOutputTokens: 8192,
  price: {
    inputPerToken: 3e-6,
    outputPerToken: 15e-6,
    cacheReadPerToken: 0.3e-6,
    cacheWritePerToken: 3.75e-6,
  },
};
const file = fileURLToPath(new URL('../../../../samples/pydicom__pydicom-901.traj.json', import.meta.url));
const [run] = importTranscript(readFileSync(file), { file });
const masking = (batchSize: number) => observationMasking({ keep: 10, batchSize });
/** Sonnet's prices under Anthropic's caching rules, breakpoints where agents put them. */
const cached = modelPricing(sonnet);
/** Sonnet's prices with no prompt cache. */
const uncached = { ...cached, policy: noCachePolicy() };
const transcriptOf = (messages: ModelMessage[]): Transcript => ({
  format: 'test',
  file: 'test',
  id: 'test',
  messages,
  calls: [],
});

describe('chooseBatchSize', () => {
  it('without a prompt cache, masks at every call: any delay only sends more tokens', async () => {
    if (run === undefined) throw new Error('sample missing');
    const choice = await chooseBatchSize({
      transcript: run,
      strategy: masking,
      pricing: uncached,
      counter,
    });
    expect(choice.batchSize).toBe(1);
    const costs = choice.candidates.map((candidate) => candidate.totals.costCached);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    expect(choice.candidates.map((candidate) => candidate.batchSize)).toEqual([1, 2, 4, 8, 16, 32]);
  });

  it('with a cache that charges for writes, picks the cheapest of the candidates replayed', async () => {
    if (run === undefined) throw new Error('sample missing');
    const choice = await chooseBatchSize({
      transcript: run,
      strategy: masking,
      pricing: cached,
      counter,
      candidates: [1, 4, 16],
    });
    const [perCall, ...batched] = choice.candidates;
    // Rewriting the cached prefix at every call costs more than masking in batches on this run.
    expect(
      batched.every((candidate) => candidate.totals.costCached < (perCall?.totals.costCached ?? 0)),
    ).toBe(true);
    const cheapest = Math.min(...choice.candidates.map((candidate) => candidate.totals.costCached));
    expect(
      choice.candidates.find((candidate) => candidate.batchSize === choice.batchSize)?.totals.costCached,
    ).toBe(cheapest);
  });

  it('without recorded calls, bills a call before each assistant message', async () => {
    const messages: ModelMessage[] = [
      { role: 'user', content: 'go' },
      ...Array.from({ length: 4 }, (_, i) => toolStep({ id: `c${i}`, output: outputLines(50) })).flat(),
    ];
    const choice = await chooseBatchSize({
      transcript: transcriptOf(messages),
      strategy: (batchSize) => observationMasking({ keep: 1, batchSize }),
      pricing: uncached,
      counter,
      candidates: [3, 1],
    });
    expect(choice.batchSize).toBe(1);
    expect(choice.candidates.map((candidate) => candidate.totals.outputTokens)).toEqual([40, 40]);
  });

  it('rejects an empty or invalid list of candidates', async () => {
    const options = { transcript: transcriptOf([]), strategy: masking, pricing: cached, counter };
    await expect(chooseBatchSize({ ...options, candidates: [] })).rejects.toThrow(StrategyOptionsError);
    await expect(chooseBatchSize({ ...options, candidates: [0] })).rejects.toThrow(/candidates/);
  });
});
