import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeWithTrajectories, trajectoriesDir } from '../test/trajectories.js';
import { counterForModel } from '../tokens/counter-for-model.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import { loadTranscripts } from '../transcripts/load-transcripts.js';
import type { RecordedCall, Transcript } from '../transcripts/transcript.js';
import { anchorCounterToUsage } from './anchor-counter-to-usage.js';
import type { CachePolicy } from './cache-policy.js';
import { cachePolicyForModel } from './cache-policy-for-model.js';
import { type BillComparison, compareBills } from './compare-bills.js';
import { getModelInfo } from './get-model-info.js';
import { loadModelOverrides } from './load-model-overrides.js';
import type { ModelInfo } from './model-info.js';
import { noCachePolicy } from './no-cache-policy.js';
import { placeCacheBreakpoints } from './place-cache-breakpoints.js';
import { simulateCost } from './simulate-cost.js';
import { transcriptCalls } from './transcript-calls.js';

const openHandsRun =
  'OpenHands/evaluation/evaluation_outputs/outputs/princeton-nlp__SWE-bench_Verified-test/CodeActAgent/claude-3-5-sonnet-20241022_maxiter_50_N_v0.15.0-no-hint-no-condensation-run_1/llm_completions_last_per_instance';
const openHandsUsage = 'OpenHands/derived/claude-3-5-sonnet_v0.15.0_swebench_verified_per_call_usage.jsonl';
const deepSeekDir = 'mini-swe-agent/pr816_deepseek_eval/output/deepseek_chat_dev';

/** Replays every recorded call of `transcripts` through the cost model and compares with the bills. */
function replay({
  transcripts,
  model,
  counter,
  policy,
  openHandsRules,
}: {
  transcripts: readonly Transcript[];
  model: ModelInfo;
  counter: TokenCounter;
  policy: CachePolicy;
  openHandsRules: boolean;
}): BillComparison {
  const uncached = noCachePolicy();
  const calls = transcripts.flatMap((transcript) =>
    transcriptCalls(transcript, {
      counter,
      // OpenHands marked the system prompt and the last 3 user/tool messages of every prompt it sent.
      rewriteMessages: openHandsRules ? (messages) => placeCacheBreakpoints(messages) : undefined,
      // Calls recorded without a cache split went to a backend without prompt caching.
      policyFor: openHandsRules
        ? (call: RecordedCall) => (call.usage?.cacheReadTokens === undefined ? uncached : undefined)
        : undefined,
    }),
  );
  const recorded = transcripts.flatMap((transcript) => transcript.calls.map((call) => call.usage));
  const report = simulateCost({ calls, model, counter, policy });
  return compareBills({ bills: report.calls, recorded, price: model.price });
}

// How "within 3%" (claude) and "within 5%" (deepseek) are measured: the error of the sums over every call
// whose recorded usage has the cache split (calls lacking it are counted apart, never guessed), and the
// median per-call error beside it. The primary figures come from `counterForModel`; the replay against
// recorded usage (`anchorCounterToUsage`) takes token positions from the recorded prompt sizes and so
// measures the cache rules alone. bench/pricing/cache-accuracy.mjs prints the same figures.
describeWithTrajectories('cost model against recorded bills', () => {
  let claudeRuns: Transcript[] = [];
  let supersededClaudeRows = 0;
  let deepSeekRuns: Transcript[] = [];
  beforeAll(async () => {
    const claude = await loadTranscripts([
      join(trajectoriesDir, openHandsRun),
      join(trajectoriesDir, openHandsUsage),
    ]);
    claudeRuns = claude.transcripts;
    supersededClaudeRows = claude.supersededRows.length;
    deepSeekRuns = (await loadTranscripts([join(trajectoriesDir, deepSeekDir)])).transcripts;
  });

  it('reproduces the Anthropic cache split and bill of the OpenHands calls', () => {
    const model = getModelInfo('claude-3-5-sonnet-20241022');
    const counter = counterForModel(model.id);
    const policy = cachePolicyForModel(model);
    const counted = replay({ transcripts: claudeRuns, model, counter, policy, openHandsRules: true });
    expect(supersededClaudeRows).toBe(156);
    expect(counted.calls).toBe(454);
    expect(counted.callsLackingSplit).toBe(681);
    const errors = counted.aggregateErrorPercent;
    expect(Math.abs(errors.cacheReadTokens)).toBeLessThan(3);
    expect(Math.abs(errors.cost)).toBeLessThan(3);
    // Writes: +3.9% when measured; most of it is 6 calls early in the run that read through a lookback.
    expect(Math.abs(errors.cacheWriteTokens)).toBeLessThan(5);
    expect(counted.medianErrorPercent.cost).toBeLessThan(3);

    const anchored = replay({
      transcripts: claudeRuns,
      model,
      counter: anchorCounterToUsage({ counter, transcripts: claudeRuns }),
      policy,
      openHandsRules: true,
    });
    expect(Math.abs(anchored.aggregateErrorPercent.cacheReadTokens)).toBeLessThan(3);
    expect(Math.abs(anchored.aggregateErrorPercent.cost)).toBeLessThan(3);
    expect(anchored.medianErrorPercent.cacheReadTokens).toBeLessThan(1);
  });

  it('reproduces the DeepSeek hit and miss tokens of the mini-swe-agent runs', async () => {
    const overrides = await loadModelOverrides(
      join(import.meta.dirname, '__fixtures__/deepseek-v3.2-prices.json'),
    );
    const model = getModelInfo('deepseek-chat', { overrides });
    const counter = counterForModel(model.id);
    const policy = cachePolicyForModel(model);
    const counted = replay({ transcripts: deepSeekRuns, model, counter, policy, openHandsRules: false });
    expect(counted.calls).toBe(1843);
    expect(counted.callsLackingSplit).toBe(0);
    // The runs were billed at DeepSeek V3.2 prices: the recorded costs are the recorded split at them.
    expect(counted.recorderCost).toBeCloseTo(counted.recorded.cost, 6);
    expect(Math.abs(counted.aggregateErrorPercent.cacheReadTokens)).toBeLessThan(5);
    expect(Math.abs(counted.aggregateErrorPercent.inputTokens)).toBeLessThan(5);
    expect(Math.abs(counted.aggregateErrorPercent.cost)).toBeLessThan(5);

    const anchored = replay({
      transcripts: deepSeekRuns,
      model,
      counter: anchorCounterToUsage({ counter, transcripts: deepSeekRuns }),
      policy,
      openHandsRules: false,
    });
    expect(Math.abs(anchored.aggregateErrorPercent.cacheReadTokens)).toBeLessThan(5);
    expect(Math.abs(anchored.aggregateErrorPercent.inputTokens)).toBeLessThan(5);
  });
});
