// The sweep behind kioku's default (`kiokuDefault()`: tool-input clearing + observation masking with
// `keep` and `batchSize`, under cache breakpoints at the masked frontier): every `keep` in 1–4 crossed
// with every `batchSize` in 2, 3, 4, 6, 8, replayed call by call over the 23 mini-swe-agent deepseek-chat
// and the 50 OpenHands claude-3.5-sonnet runs of bench/strategies/replay.mjs and priced as that bench
// prices (Anthropic's caching rules, write 1.25×, read 0.1× of each model's input price; input cost = the
// bill without the output tokens), with the unmanaged history replayed in the same run as the baseline.
// Each figure is given for the tuning half (runs of even position by id in each set, where the default
// was chosen) and the held-out half (odd positions), per set and pooled. Then the README's tuning claims
// are checked on both halves:
// - `keep` 3 stays above 0.8× the unmanaged cached input cost on the OpenHands runs (at every batch size);
// - for `keep` 2, batch size 4 is the cheapest of 2, 3, 4, 6, 8 (pooled cached input cost);
// - `keep` 1 is cheaper still (its cheapest batch size against `keep` 2 at batch size 4).
// Run from the repository root after `npm run build`: `node bench/strategies/tuning-sweep.mjs`.
// Prints tables and writes bench/results/strategies-tuning.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { observationMasking, pipeline, toolInputClearing, unmanaged } from 'kioku';
import { analyzeStrategies, resolvePricing, sumFields } from 'kioku/replay';
import { cacheBreakpoints, loadModelOverrides } from 'kioku/strategies';
import { loadSets } from '../tokens/load-sets.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const output = join(root, 'bench/results/strategies-tuning.json');
const keeps = [1, 2, 3, 4];
const batchSizes = [2, 3, 4, 6, 8];
const chosen = { keep: 2, batchSize: 4 };
const openHands = 'OpenHands claude-3.5-sonnet';

const nameOf = (keep, batchSize) => `keep-${keep}-batch-${batchSize}`;
/** kioku's default with another `keep` and `batchSize` (the composition of baselines/kioku-default.ts). */
const configuration = (keep, batchSize) => ({
  ...cacheBreakpoints(
    pipeline(
      toolInputClearing({ keep, batchSize, minTokens: 64 }),
      observationMasking({ keep, batchSize, minTokens: 64 }),
    ),
  ),
  name: nameOf(keep, batchSize),
});
const grid = keeps.flatMap((keep) => batchSizes.map((batchSize) => ({ keep, batchSize })));
const modelOf = (transcript) => transcript.model ?? transcript.calls.find((call) => call.model)?.model;

async function runSet(set) {
  const overrides =
    set.pricingOverrides === undefined ? undefined : await loadModelOverrides(set.pricingOverrides);
  const pricingOf = (transcript) =>
    resolvePricing({ modelId: modelOf(transcript), pricing: 'anthropic-style', overrides });
  let done = 0;
  const analysis = await analyzeStrategies({
    transcripts: set.transcripts,
    baseline: unmanaged(),
    strategies: grid.map(({ keep, batchSize }) => configuration(keep, batchSize)),
    pricingFor: pricingOf,
    onStart: (total) => process.stderr.write(`${set.name}: ${total} replays\n`),
    onReplay: () => {
      done += 1;
      if (done % 200 === 0) process.stderr.write(`  ${done} done\n`);
    },
  });
  const ids = set.transcripts.map((transcript) => transcript.id).sort();
  const half = new Map(ids.map((id, index) => [id, index % 2 === 0 ? 'tuning' : 'held-out']));
  const outputPrice = new Map(
    set.transcripts.map((transcript) => [transcript.file, pricingOf(transcript).model.price.outputPerToken]),
  );
  return analysis.replays.map(({ transcript, strategy, totals }) => {
    const outputCost = totals.outputTokens * outputPrice.get(transcript.file);
    return {
      set: set.name,
      half: half.get(transcript.id),
      strategy,
      inputTokens: totals.inputTokens,
      inputCostNoCache: totals.costNoCache - outputCost,
      inputCostCached: totals.costCached - outputCost,
      violations: totals.violations,
    };
  });
}

const round = (value, digits = 4) => Number(value.toFixed(digits));
const summed = ['inputTokens', 'inputCostNoCache', 'inputCostCached', 'violations'];

/** Per configuration: sums over `rows` and ratios to the unmanaged rows of the same runs. */
function ratios(rows) {
  const total = (name) =>
    sumFields(
      rows.filter((row) => row.strategy === name),
      summed,
    );
  const base = total('unmanaged');
  return Object.fromEntries(
    grid.map(({ keep, batchSize }) => {
      const mine = total(nameOf(keep, batchSize));
      return [
        nameOf(keep, batchSize),
        {
          keep,
          batchSize,
          inputTokensRatio: round(mine.inputTokens / base.inputTokens),
          inputCostNoCacheRatio: round(mine.inputCostNoCache / base.inputCostNoCache),
          inputCostCachedRatio: round(mine.inputCostCached / base.inputCostCached),
          violations: mine.violations,
        },
      ];
    }),
  );
}

/** The README's claims, checked on one half's figures. */
function claims({ pooled, perSet }) {
  const cost = (figures, keep, batchSize) => figures[nameOf(keep, batchSize)].inputCostCachedRatio;
  const keep3OpenHands = batchSizes.map((batchSize) => cost(perSet[openHands], 3, batchSize));
  const keep2 = batchSizes.map((batchSize) => cost(pooled, 2, batchSize));
  const cheapestKeep2 = batchSizes[keep2.indexOf(Math.min(...keep2))];
  const keep1Best = Math.min(...batchSizes.map((batchSize) => cost(pooled, 1, batchSize)));
  return {
    keep3AboveEightTenthsOnOpenHands: {
      claim: 'keep 3 stays above 0.8× the unmanaged cached input cost on the OpenHands runs',
      byBatchSize: Object.fromEntries(batchSizes.map((batchSize, i) => [batchSize, keep3OpenHands[i]])),
      holds: keep3OpenHands.every((value) => value > 0.8),
    },
    batch4CheapestForKeep2: {
      claim: 'for keep 2, batch size 4 is the cheapest of 2, 3, 4, 6, 8 (pooled cached input cost)',
      byBatchSize: Object.fromEntries(batchSizes.map((batchSize, i) => [batchSize, keep2[i]])),
      cheapest: cheapestKeep2,
      holds: cheapestKeep2 === 4,
    },
    keep1Cheaper: {
      claim: 'keep 1 is cheaper still than keep 2 with batch size 4 (pooled cached input cost)',
      keep1Cheapest: keep1Best,
      keep2Batch4: cost(pooled, 2, 4),
      holds: keep1Best < cost(pooled, 2, 4),
    },
  };
}

function table(title, figures) {
  const lines = [
    title,
    `${'keep \\ batch'.padEnd(14)}${batchSizes.map((size) => String(size).padStart(16)).join('')}`,
  ];
  for (const keep of keeps) {
    const cells = batchSizes.map((batchSize) => {
      const { inputTokensRatio, inputCostCachedRatio } = figures[nameOf(keep, batchSize)];
      const mark = keep === chosen.keep && batchSize === chosen.batchSize ? '*' : ' ';
      return `${inputTokensRatio.toFixed(3)} / ${inputCostCachedRatio.toFixed(3)}${mark}`.padStart(16);
    });
    lines.push(`${`keep ${keep}`.padEnd(14)}${cells.join('')}`);
  }
  return lines.join('\n');
}

const started = Date.now();
const rows = [];
const sets = await loadSets();
for (const set of sets) rows.push(...(await runSet(set)));
const halves = Object.fromEntries(
  ['tuning', 'held-out'].map((half) => {
    const mine = rows.filter((row) => row.half === half);
    const perSet = Object.fromEntries(
      sets.map((set) => [set.name, ratios(mine.filter((row) => row.set === set.name))]),
    );
    const figures = { pooled: ratios(mine), perSet };
    return [half, { ...figures, claims: claims(figures) }];
  }),
);
const report = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: availableParallelism(),
  runs: Object.fromEntries(sets.map((set) => [set.name, set.transcripts.length])),
  grid: { keep: keeps, batchSize: batchSizes, minTokens: 64, chosen },
  pricing:
    'anthropic-style (as bench/strategies/replay.mjs): Anthropic’s caching rules, cache write 1.25×, cache read 0.1× of each model’s input price; every configuration places its own breakpoints (cacheBreakpoints); input cost = the bill without the output tokens',
  halfSplit:
    'tuning: runs of even position in each set sorted by id (the default was chosen on these); held-out: the others',
  ratios: 'to the unmanaged history of the same runs, replayed in the same run',
  halves,
  seconds: round((Date.now() - started) / 1000, 1),
};
await mkdir(dirname(output), { recursive: true });
await writeFile(output, `${JSON.stringify(report, null, 2)}\n`);

for (const [half, { pooled, perSet }] of Object.entries(halves)) {
  console.log(table(`\n${half} half, pooled: input tokens × / cached input cost ×`, pooled));
  for (const [name, figures] of Object.entries(perSet)) {
    console.log(table(`\n${half} half, ${name}: input tokens × / cached input cost ×`, figures));
  }
}
console.log(`\n* kioku's default (keep ${chosen.keep}, batch size ${chosen.batchSize}).`);
for (const [half, { claims: checked }] of Object.entries(halves)) {
  console.log(`\nREADME claims, ${half} half:`);
  for (const claim of Object.values(checked)) {
    console.log(`  ${claim.holds ? 'holds      ' : 'DOES NOT hold'}  ${claim.claim}`);
  }
}
console.log(`\nwrote ${output} in ${report.seconds} s`);
