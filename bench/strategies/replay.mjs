// Replays the recorded dev trajectories call by call through kioku's default and every peer baseline, side
// by side with the unmanaged history measured in the same run: input tokens, cost with prompt caching
// ignored and with it priced Anthropic-style (cache write 1.25×, read 0.1× of each model's input price,
// breakpoints where kioku places them), violations, and the strategies' time per call on the longest run.
// Run from the repository root after `npm run build`: `node bench/strategies/replay.mjs`.
// Prints tables and writes bench/results/strategies-replay.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { baselineCatalog, unmanagedBaseline } from '../../packages/kioku/dist/baselines/index.js';
import { loadModelOverrides } from '../../packages/kioku/dist/pricing/index.js';
import {
  analyzeStrategies,
  replayTranscript,
  resolvePricing,
} from '../../packages/kioku/dist/replay/index.js';
import { counterForModel, percentile } from '../../packages/kioku/dist/tokens/index.js';
import { loadTranscripts } from '../../packages/kioku/dist/transcripts/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const trajectories = process.env.KIOKU_TRAJECTORIES ?? join(root, '../shared/data/trajectories');
const output = join(root, 'bench/results/strategies-replay.json');
const kiokuDefault = 'kioku-default';
const targets = { inputTokensRatio: 0.5, costCachedRatio: 0.8, overheadMsP95: 1 };
const timedRuns = 3;

const sets = [
  {
    name: 'mini-swe-agent deepseek-chat',
    paths: ['mini-swe-agent/pr816_deepseek_eval/output/deepseek_chat_dev'],
    // These runs used DeepSeek V3.2 (2025-09-29 prices); the catalog's deepseek-chat prices predate it.
    overrides: join(root, 'packages/kioku/src/pricing/__fixtures__/deepseek-v3.2-prices.json'),
  },
  {
    name: 'OpenHands claude-3.5-sonnet',
    paths: [
      'OpenHands/evaluation/evaluation_outputs/outputs/princeton-nlp__SWE-bench_Verified-test/CodeActAgent/claude-3-5-sonnet-20241022_maxiter_50_N_v0.15.0-no-hint-no-condensation-run_1/llm_completions_last_per_instance',
      'OpenHands/derived/claude-3-5-sonnet_v0.15.0_swebench_verified_per_call_usage.jsonl',
    ],
  },
];

const strategies = () => [unmanagedBaseline(), ...baselineCatalog.map((entry) => entry.create())];
const modelOf = (transcript) => transcript.model ?? transcript.calls.find((call) => call.model)?.model;

async function runSet(set) {
  const loaded = await loadTranscripts(set.paths.map((path) => join(trajectories, path)));
  if (loaded.errors.length > 0) throw loaded.errors[0].error;
  const overrides = set.overrides === undefined ? undefined : await loadModelOverrides(set.overrides);
  const [baseline, ...others] = strategies();
  let done = 0;
  const analysis = await analyzeStrategies({
    transcripts: loaded.transcripts,
    baseline,
    strategies: others,
    pricingFor: (transcript) =>
      resolvePricing({ modelId: modelOf(transcript), pricing: 'anthropic-style', overrides }),
    onStart: (total) => process.stderr.write(`${set.name}: ${total} replays\n`),
    onReplay: () => {
      done += 1;
      if (done % 50 === 0) process.stderr.write(`  ${done} done\n`);
    },
  });
  return { set, transcripts: loaded.transcripts, overrides, analysis };
}

/** Per-call time of each strategy on one run: a warm-up replay, then the median p95 of `timedRuns`. */
async function timeLongest(runs) {
  const { transcript, overrides } = runs
    .flatMap((run) => run.transcripts.map((transcript) => ({ transcript, overrides: run.overrides })))
    .reduce((longest, next) =>
      next.transcript.messages.length > longest.transcript.messages.length ? next : longest,
    );
  const pricing = resolvePricing({ modelId: modelOf(transcript), pricing: 'anthropic-style', overrides });
  const counter = counterForModel(modelOf(transcript));
  const p95 = {};
  for (const strategy of strategies()) {
    await replayTranscript({ transcript, strategy, counter, pricing });
    const runs95 = [];
    for (let run = 0; run < timedRuns; run += 1) {
      const replay = await replayTranscript({ transcript, strategy, counter, pricing });
      runs95.push(
        percentile(
          replay.calls.map((call) => call.strategyMs),
          95,
        ),
      );
    }
    p95[strategy.name] = round(percentile(runs95, 50), 4);
  }
  return {
    file: transcript.file.slice(trajectories.length + 1),
    id: transcript.id,
    messages: transcript.messages.length,
    calls: transcript.calls.length,
    p95MsPerCall: p95,
  };
}

const round = (value, digits) => Number(value.toFixed(digits));

function figures(strategy) {
  return {
    name: strategy.name,
    transcripts: strategy.transcripts,
    calls: strategy.calls,
    inputTokens: strategy.inputTokens,
    inputTokensRatio: round(strategy.inputTokensRatio, 4),
    peakContextTokens: strategy.peakContextTokens,
    costNoCache: round(strategy.costNoCache, 4),
    costNoCacheRatio: round(strategy.costNoCacheRatio, 4),
    costCached: round(strategy.costCached, 4),
    costCachedRatio: round(strategy.costCachedRatio, 4),
    cacheHitRate: round(strategy.cacheHitRate, 4),
    violations: strategy.violations,
    overheadMsP95AllCalls: round(strategy.overheadMsP95, 4),
  };
}

/** Sums two sets' figures per strategy; ratios recomputed against the pooled baseline. */
function pool(results) {
  const names = results[0].analysis.strategies.map((strategy) => strategy.name);
  const baselineName = results[0].analysis.baseline;
  const sum = (name, key) =>
    results.reduce((total, { analysis }) => total + analysis.strategies.find((s) => s.name === name)[key], 0);
  return names.map((name) => ({
    name,
    transcripts: sum(name, 'transcripts'),
    calls: sum(name, 'calls'),
    inputTokens: sum(name, 'inputTokens'),
    inputTokensRatio: round(sum(name, 'inputTokens') / sum(baselineName, 'inputTokens'), 4),
    costNoCache: round(sum(name, 'costNoCache'), 4),
    costNoCacheRatio: round(sum(name, 'costNoCache') / sum(baselineName, 'costNoCache'), 4),
    costCached: round(sum(name, 'costCached'), 4),
    costCachedRatio: round(sum(name, 'costCached') / sum(baselineName, 'costCached'), 4),
    violations: sum(name, 'violations'),
  }));
}

function check(rows, longest) {
  const mine = rows.find((row) => row.name === kiokuDefault);
  const peers = rows.filter((row) => row.name !== kiokuDefault && row.name !== 'unmanaged');
  return {
    inputTokensRatio: {
      target: `<= ${targets.inputTokensRatio}`,
      value: mine.inputTokensRatio,
      met: mine.inputTokensRatio <= targets.inputTokensRatio,
    },
    costCachedRatio: {
      target: `<= ${targets.costCachedRatio}`,
      value: mine.costCachedRatio,
      met: mine.costCachedRatio <= targets.costCachedRatio,
    },
    cheaperThanEveryPeerNoCache: {
      value: mine.costNoCacheRatio,
      cheapestPeer: Math.min(...peers.map((row) => row.costNoCacheRatio)),
      met: peers.every((row) => mine.costNoCache < row.costNoCache),
    },
    cheaperThanEveryPeerCached: {
      value: mine.costCachedRatio,
      cheapestPeer: Math.min(...peers.map((row) => row.costCachedRatio)),
      met: peers.every((row) => mine.costCached < row.costCached),
    },
    violations: { target: 0, value: mine.violations, met: mine.violations === 0 },
    overheadMsP95Longest: {
      target: `<= ${targets.overheadMsP95}`,
      value: longest.p95MsPerCall[kiokuDefault],
      met: longest.p95MsPerCall[kiokuDefault] <= targets.overheadMsP95,
    },
  };
}

function table(title, rows, longest) {
  const header = [
    'strategy',
    'calls',
    'input ×',
    'cost no cache ×',
    'cost cached ×',
    'violations',
    'p95 ms/call',
  ];
  const lines = rows.map((row) => [
    row.name === kiokuDefault ? `${row.name} *` : row.name,
    String(row.calls),
    row.inputTokensRatio.toFixed(3),
    row.costNoCacheRatio.toFixed(3),
    row.costCachedRatio.toFixed(3),
    String(row.violations),
    longest === undefined
      ? String(row.overheadMsP95AllCalls?.toFixed(3) ?? '')
      : longest.p95MsPerCall[row.name].toFixed(3),
  ]);
  const widths = header.map((_, column) =>
    Math.max(...[header, ...lines].map((line) => line[column].length)),
  );
  const format = (line) =>
    line
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ');
  return [title, format(header), ...lines.map(format)].join('\n');
}

const started = Date.now();
const results = [];
for (const set of sets) results.push(await runSet(set));
const longest = await timeLongest(results);
const pooled = pool(results);
const report = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: availableParallelism(),
  pricing:
    'anthropic-style: cache write 1.25×, cache read 0.1× of each model’s input price; breakpoints on the system prompt and the last 3 user/tool messages',
  baseline: results[0].analysis.baseline,
  kiokuDefault,
  sets: results.map(({ set, analysis }) => ({
    name: set.name,
    strategies: analysis.strategies.map(figures),
  })),
  pooled,
  longest,
  targets: check(pooled, longest),
  targetsPerSet: Object.fromEntries(
    results.map(({ set, analysis }) => [set.name, check(analysis.strategies.map(figures), longest)]),
  ),
  seconds: round((Date.now() - started) / 1000, 1),
};
await mkdir(dirname(output), { recursive: true });
await writeFile(output, `${JSON.stringify(report, null, 2)}\n`);

for (const { set, analysis } of results) {
  console.log(
    table(
      `\n${set.name} (p95 ms/call over every call, first counts included)`,
      analysis.strategies.map(figures),
    ),
  );
}
console.log(
  table(
    `\nboth sets pooled (p95 ms/call on ${longest.id}, ${longest.messages} messages, warm, median of ${timedRuns})`,
    pooled,
    longest,
  ),
);
console.log(`\n* kioku's default. Ratios are to ${report.baseline}, measured in the same run.`);
for (const [name, target] of Object.entries(report.targets)) {
  console.log(
    `${target.met ? 'met    ' : 'NOT met'}  ${name}: ${target.value}${target.target === undefined ? ` (cheapest peer ${target.cheapestPeer})` : ` (target ${target.target})`}`,
  );
}
console.log(`\nwrote ${output} in ${report.seconds} s`);
