// Checks the prompt-cache cost model against the bills recorded in real agent runs.
// Run from the repository root after `npm run build`: `node bench/pricing/cache-accuracy.mjs`.
// Prints a table and writes bench/results/pricing-cache-accuracy.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { counterForModel, getModelInfo } from 'kioku';
import {
  anchorCounterToUsage,
  anthropicCachePolicy,
  cachePolicyForModel,
  compareBills,
  deepSeekCachePolicy,
  noCachePolicy,
  simulateCost,
  transcriptCalls,
} from 'kioku/replay';
import { loadModelOverrides, messageSize, placeCacheBreakpoints } from 'kioku/strategies';
import { trajectoriesDir } from 'kioku/test';
import { loadTranscripts } from 'kioku/transcripts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const output = join(root, 'bench/results/pricing-cache-accuracy.json');

const sets = [
  {
    name: 'OpenHands claude-3-5-sonnet',
    paths: [
      'OpenHands/evaluation/evaluation_outputs/outputs/princeton-nlp__SWE-bench_Verified-test/CodeActAgent/claude-3-5-sonnet-20241022_maxiter_50_N_v0.15.0-no-hint-no-condensation-run_1/llm_completions_last_per_instance',
      'OpenHands/derived/claude-3-5-sonnet_v0.15.0_swebench_verified_per_call_usage.jsonl',
    ],
    modelId: 'claude-3-5-sonnet-20241022',
    // OpenHands v0.15 marked the system prompt and the last 3 user/tool messages of every prompt; the
    // transcript keeps only the last prompt's markers, so earlier prompts are re-marked the same way.
    rewriteMessages: (messages) => placeCacheBreakpoints(messages),
    // Calls recorded without a cache split went to a backend without prompt caching (they neither read
    // nor wrote: the next call never reads what they would have written), so they are billed uncached.
    uncachedWithoutSplit: true,
    missName: 'cache write',
    // Anthropic documents a ~20-block lookback before each breakpoint; the default leaves it out.
    variants: [{ label: 'lookback 20 blocks', policy: () => anthropicCachePolicy({ lookbackBlocks: 20 }) }],
  },
  {
    name: 'mini-swe-agent deepseek-chat',
    paths: ['mini-swe-agent/pr816_deepseek_eval/output/deepseek_chat_dev'],
    modelId: 'deepseek-chat',
    // The catalog's deepseek-chat prices predate DeepSeek V3.2 (2025-09-29), which these runs used: the
    // recorded per-call costs are exactly these prices.
    overrides: join(root, 'packages/kioku/src/pricing/__fixtures__/deepseek-v3.2-prices.json'),
    uncachedWithoutSplit: false,
    missName: 'cache miss',
    // The default store rate (0.50) is the share of new cacheable tokens that got stored; by call count
    // it is 0.53; 1 is a cache that always stores.
    variants: [
      { label: 'storeProbability 1', policy: () => deepSeekCachePolicy({ storeProbability: 1 }) },
      { label: 'storeProbability 0.53', policy: () => deepSeekCachePolicy({ storeProbability: 0.53 }) },
    ],
  },
];

/** The baseline: 4 characters per token of visible text, no request overhead. */
const fourCharacters = {
  family: '4-characters',
  exact: false,
  countMessage: (message) => messageSize(message).characters / 4,
  countTools: (tools) => JSON.stringify(tools).length / 4,
  countText: (text) => text.length / 4,
  countPrompt(prompt) {
    const tools = prompt.tools?.length ? this.countTools(prompt.tools) : 0;
    return prompt.messages.reduce((sum, message) => sum + this.countMessage(message), tools);
  },
};

function replay({ transcripts, model, counter, policy, set }) {
  const uncached = noCachePolicy();
  const calls = transcripts.flatMap((transcript) =>
    transcriptCalls(transcript, {
      counter,
      rewriteMessages: set.rewriteMessages,
      policyFor: set.uncachedWithoutSplit
        ? (call) => (call.usage?.cacheReadTokens === undefined ? uncached : undefined)
        : undefined,
    }),
  );
  const recorded = transcripts.flatMap((transcript) => transcript.calls.map((call) => call.usage));
  const origins = transcripts.flatMap((transcript) =>
    transcript.calls.map((call, index) => ({ run: transcript.id, call: index, timestamp: call.timestamp })),
  );
  const report = simulateCost({ calls, model, counter, policy });
  return {
    report,
    recorded,
    origins,
    comparison: compareBills({ bills: report.calls, recorded, price: model.price }),
  };
}

/** Share of the cached tokens that were read: read / (read + write). */
const readShare = (sums) => sums.cacheReadTokens / (sums.cacheReadTokens + sums.cacheWriteTokens);

/** The compared calls whose simulated `key` is furthest from the recorded one, largest first. */
function largestResiduals({ report, recorded, origins }, key, count = 12) {
  const usageKey = key === 'inputTokens' ? undefined : key;
  return report.calls
    .map((bill, index) => ({ bill, usage: recorded[index], origin: origins[index] }))
    .filter(({ usage }) => usage?.cacheReadTokens !== undefined)
    .map(({ bill, usage, origin }) => {
      const recordedValue =
        usageKey === undefined
          ? usage.promptTokens - usage.cacheReadTokens - (usage.cacheWriteTokens ?? 0)
          : (usage[usageKey] ?? 0);
      return {
        run: origin.run,
        call: origin.call,
        time: origin.timestamp === undefined ? undefined : new Date(origin.timestamp * 1000).toISOString(),
        recorded: { cacheRead: usage.cacheReadTokens, cacheWrite: usage.cacheWriteTokens ?? 0 },
        simulated: {
          cacheRead: Math.round(bill.cacheReadTokens),
          cacheWrite: Math.round(bill.cacheWriteTokens),
        },
        error: Math.round(bill[key] - recordedValue),
      };
    })
    .sort((a, b) => Math.abs(b.error) - Math.abs(a.error))
    .slice(0, count);
}

const percent = (simulated, recorded) => ((simulated - recorded) / recorded) * 100;
const results = [];
for (const set of sets) {
  const started = performance.now();
  const loaded = await loadTranscripts(set.paths.map((path) => join(trajectoriesDir, path)));
  if (loaded.errors.length > 0) throw loaded.errors[0].error;
  const { transcripts } = loaded;
  const overrides = set.overrides === undefined ? undefined : await loadModelOverrides(set.overrides);
  const model = getModelInfo(set.modelId, { overrides });
  const counter = counterForModel(model.id);
  const policy = cachePolicyForModel(model);
  const counted = replay({ transcripts, model, counter, policy, set });
  const anchored = replay({
    transcripts,
    model,
    counter: anchorCounterToUsage({ counter, transcripts }),
    policy,
    set,
  });
  const uncachedCounted = replay({ transcripts, model, counter, policy: noCachePolicy(), set });
  const flat = replay({ transcripts, model, counter: fourCharacters, policy: noCachePolicy(), set });
  // Baselines are compared over every replayed call with what the recorder said they cost, and over
  // the calls with a split with the recorded split priced at the model's prices.
  const recorderCost = counted.recorded.reduce((sum, usage) => sum + (usage?.cost ?? 0), 0);
  const withSplit = (report) =>
    report.calls.reduce(
      (sum, bill, index) => sum + (counted.recorded[index]?.cacheReadTokens === undefined ? 0 : bill.cost),
      0,
    );
  const variants = (set.variants ?? []).map((variant) => {
    const { comparison } = replay({ transcripts, model, counter, policy: variant.policy(), set });
    return {
      label: variant.label,
      aggregateErrorPercent: comparison.aggregateErrorPercent,
      readShare: readShare(comparison.simulated),
    };
  });
  const c = counted.comparison;
  const missKey = set.missName === 'cache miss' ? 'inputTokens' : 'cacheWriteTokens';
  results.push({
    set: set.name,
    model: { id: model.id, provider: model.provider, price: model.price },
    counter: counter.family,
    policy: policy.name,
    usageRows: counted.recorded.length + loaded.supersededRows.length,
    callsReplayed: counted.recorded.length,
    callsOfAbandonedAttempts: loaded.supersededRows.length,
    callsCompared: c.calls,
    callsLackingSplit: c.callsLackingSplit,
    missName: set.missName,
    counted: c,
    anchoredReplay: anchored.comparison,
    readShare: {
      recorded: readShare(c.recorded),
      simulated: readShare(c.simulated),
      anchoredReplay: readShare(anchored.comparison.simulated),
    },
    // Where the caching rules (not the token counts) miss: the anchored replay's worst calls.
    largestAnchoredResiduals: largestResiduals(anchored, missKey),
    variants,
    baselines: {
      recorderCostAllCalls: recorderCost,
      noCachingCounter: {
        costAllCalls: uncachedCounted.report.totals.cost,
        errorVsRecorderPercent: percent(uncachedCounted.report.totals.cost, recorderCost),
      },
      fourCharactersNoCaching: {
        costAllCalls: flat.report.totals.cost,
        errorVsRecorderPercent: percent(flat.report.totals.cost, recorderCost),
        costCallsWithSplit: withSplit(flat.report),
        errorVsRecordedSplitBillPercent: percent(withSplit(flat.report), c.recorded.cost),
      },
    },
    seconds: (performance.now() - started) / 1000,
  });
}

const fmt = (value, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : String(value);
const signed = (value) =>
  Number.isFinite(value) ? `${value >= 0 ? '+' : ''}${value.toFixed(2)}%` : String(value);
for (const result of results) {
  const { counted: c, anchoredReplay: a } = result;
  console.log(
    `\n${result.set} — ${result.callsCompared} calls compared, ${result.callsLackingSplit} lacking the split (not counted), ${result.callsOfAbandonedAttempts} of abandoned attempts (prompt unknown, left out); counter ${result.counter}, policy ${result.policy}`,
  );
  const rows = [
    ['cache read tokens', 'cacheReadTokens', 0],
    [`${result.missName} tokens`, result.missName === 'cache miss' ? 'inputTokens' : 'cacheWriteTokens', 0],
    ['prompt tokens', 'promptTokens', 0],
    ['cost USD (recorded split × prices)', 'cost', 4],
  ];
  console.table(
    rows.map(([label, key, digits]) => ({
      quantity: label,
      recorded: fmt(c.recorded[key], digits),
      simulated: fmt(c.simulated[key], digits),
      'error (sum)': signed(c.aggregateErrorPercent[key]),
      'median |error| per call': `${fmt(c.medianErrorPercent[key], 2)}%`,
      'replay vs recorded usage (sum)': signed(a.aggregateErrorPercent[key]),
      'replay median': `${fmt(a.medianErrorPercent[key], 2)}%`,
    })),
  );
  const share = (value) => `${(value * 100).toFixed(2)}%`;
  if (result.missName === 'cache write') {
    console.log(
      `read share of cached tokens, read / (read + write): recorded ${share(result.readShare.recorded)}, simulated ${share(result.readShare.simulated)}, replay ${share(result.readShare.anchoredReplay)}`,
    );
    console.table(
      result.largestAnchoredResiduals.map((residual) => ({
        'replay: worst calls': `${residual.run} #${residual.call}`,
        time: residual.time,
        'recorded read / write': `${residual.recorded.cacheRead} / ${residual.recorded.cacheWrite}`,
        'simulated read / write': `${residual.simulated.cacheRead} / ${residual.simulated.cacheWrite}`,
        [`${result.missName} error`]: residual.error,
      })),
    );
  }
  if (result.variants.length > 0) {
    console.table(
      result.variants.map((variant) => ({
        'policy variant (counter)': variant.label,
        'cache read': signed(variant.aggregateErrorPercent.cacheReadTokens),
        [result.missName]: signed(
          variant.aggregateErrorPercent[
            result.missName === 'cache miss' ? 'inputTokens' : 'cacheWriteTokens'
          ],
        ),
        cost: signed(variant.aggregateErrorPercent.cost),
      })),
    );
  }
  const b = result.baselines;
  console.table([
    {
      estimate: 'counter, no caching',
      'cost, all replayed calls': fmt(b.noCachingCounter.costAllCalls, 2),
      'recorder cost': fmt(b.recorderCostAllCalls, 2),
      'error vs recorder': signed(b.noCachingCounter.errorVsRecorderPercent),
    },
    {
      estimate: '4 chars/token, no caching',
      'cost, all replayed calls': fmt(b.fourCharactersNoCaching.costAllCalls, 2),
      'recorder cost': fmt(b.recorderCostAllCalls, 2),
      'error vs recorder': signed(b.fourCharactersNoCaching.errorVsRecorderPercent),
      'error vs split bill': signed(b.fourCharactersNoCaching.errorVsRecordedSplitBillPercent),
    },
  ]);
}

await mkdir(dirname(output), { recursive: true });
await writeFile(output, `${JSON.stringify({ generatedAt: new Date().toISOString(), results }, null, 2)}\n`);
console.log(`\nwrote ${output}`);
