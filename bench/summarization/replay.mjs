// Token reduction with summarization in the pipeline: the dev trajectories (mini-swe-agent 23 runs,
// OpenHands 50 runs) replayed call by call through observation masking + ESTIMATED summarization (no model
// is called: each summary is a labeled placeholder of 1,000 tokens) at several prompt-size triggers, next
// to the unmanaged history measured in the same run. The target (<= 0.45x) is checked on masking +
// summarization at 12k tokens (the oldest 70% summarized once the prompt reaches 12,000 tokens). The summary calls' own tokens count: every summary bills a call whose input is
// the summarizer's instructions plus the messages it replaces and whose output is the summary; they are
// added to the managed prompts before the ratio is taken.
// Run from the repository root after `npm run build`: `node bench/summarization/replay.mjs`.
// Prints a table and writes bench/results/summarization-replay.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  counterForModel,
  estimatedSummarization,
  loadModelOverrides,
  observationMasking,
  pipeline,
  unmanaged,
} from 'kioku';
import { replayTranscript, resolvePricing } from 'kioku/replay';
import { loadSets } from '../tokens/load-sets.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const output = join(root, 'bench/results/summarization-replay.json');
const target = 0.45;
const summaryTokens = 1000;

const masking = () => observationMasking({ keep: 10, batchSize: 10 });
const estimated = (inputTokens) => estimatedSummarization({ summaryTokens, trigger: { inputTokens } });
const periodic = (every, keep) =>
  estimatedSummarization({ summaryTokens, split: { every, keep, unit: 'steps' }, minSliceTokens: 0 });
const checkedLabel = 'masking + estimated summarization at 12k';
const strategies = () => [
  { label: 'unmanaged', make: () => unmanaged() },
  { label: 'masking (keep 10, batches of 10)', make: masking },
  { label: 'estimated summarization at 12k', make: () => estimated(12_000) },
  { label: 'masking + estimated summarization at 24k', make: () => pipeline(masking(), estimated(24_000)) },
  { label: 'masking + estimated summarization at 16k', make: () => pipeline(masking(), estimated(16_000)) },
  { label: checkedLabel, make: () => pipeline(masking(), estimated(12_000)) },
  { label: 'masking + estimated summarization at 8k', make: () => pipeline(masking(), estimated(8_000)) },
  {
    label: 'masking + estimated summarization every 21 steps keep 10',
    make: () => pipeline(masking(), periodic(21, 10)),
  },
];

const modelOf = (transcript) => transcript.model ?? transcript.calls.find((call) => call.model)?.model;

async function runSet(set) {
  const overrides =
    set.pricingOverrides === undefined ? undefined : await loadModelOverrides(set.pricingOverrides);
  const rows = new Map(strategies().map(({ label }) => [label, emptyRow(label)]));
  for (const transcript of set.transcripts) {
    const pricing = resolvePricing({ modelId: modelOf(transcript), pricing: 'anthropic-style', overrides });
    const counter = counterForModel(modelOf(transcript));
    for (const { label, make } of strategies()) {
      const replay = await replayTranscript({ transcript, strategy: make(), counter, pricing });
      const { totals } = replay;
      const row = rows.get(label);
      row.transcripts += 1;
      row.calls += totals.calls;
      row.promptTokens += totals.promptTokens;
      // The replay counts the summary calls the strategy's edits report and bills them in its costs
      // (uncached, at the plain input and output prices: they share no prefix with the agent's prompts).
      row.summaryCalls += totals.strategyCalls;
      row.summaryInputTokens += totals.strategyInputTokens;
      row.summaryOutputTokens += totals.strategyOutputTokens;
      row.costNoCache += totals.costNoCache;
      row.costCached += totals.costCached;
      row.violations += replay.totals.violations;
    }
  }
  process.stderr.write(`${set.name}: ${set.transcripts.length} runs\n`);
  return { set: set.name, transcripts: set.transcripts.length, rows: [...rows.values()] };
}

function emptyRow(label) {
  return {
    strategy: label,
    transcripts: 0,
    calls: 0,
    promptTokens: 0,
    summaryCalls: 0,
    summaryInputTokens: 0,
    summaryOutputTokens: 0,
    costNoCache: 0,
    costCached: 0,
    violations: 0,
  };
}

const round = (value, digits = 4) => Number(value.toFixed(digits));

/** Totals with the summary calls added, and ratios to the unmanaged row of the same runs. */
function withRatios(rows) {
  const base = rows.find((row) => row.strategy === 'unmanaged');
  return rows.map((row) => {
    const inputTokens = row.promptTokens + row.summaryInputTokens + row.summaryOutputTokens;
    return {
      ...row,
      costNoCache: round(row.costNoCache),
      costCached: round(row.costCached),
      inputTokensWithSummaries: inputTokens,
      inputTokensRatio: round(inputTokens / base.promptTokens),
      promptTokensRatio: round(row.promptTokens / base.promptTokens),
      costNoCacheRatio: round(row.costNoCache / base.costNoCache),
      costCachedRatio: round(row.costCached / base.costCached),
    };
  });
}

function combine(results) {
  const labels = results[0].rows.map((row) => row.strategy);
  return labels.map((label) => {
    const total = emptyRow(label);
    for (const result of results) {
      const row = result.rows.find((candidate) => candidate.strategy === label);
      for (const key of Object.keys(total)) if (key !== 'strategy') total[key] += row[key];
    }
    return total;
  });
}

function print(title, rows) {
  const header = [
    'strategy',
    'calls',
    'prompt tokens',
    'summary calls',
    'summary in',
    'summary out',
    '× unmanaged (incl. summaries)',
    'cost × (cached)',
    'violations',
  ];
  const cells = rows.map((row) => [
    row.strategy,
    row.calls,
    row.promptTokens,
    row.summaryCalls,
    row.summaryInputTokens,
    row.summaryOutputTokens,
    row.inputTokensRatio.toFixed(3),
    row.costCachedRatio.toFixed(3),
    row.violations,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((row) => String(row[column]).length)),
  );
  console.log(`\n${title}`);
  console.log(header.map((cell, column) => cell.padStart(widths[column])).join('  '));
  for (const row of cells)
    console.log(row.map((cell, column) => String(cell).padStart(widths[column])).join('  '));
}

const started = performance.now();
const results = [];
for (const set of await loadSets()) results.push(await runSet(set));
const perSet = results.map((result) => ({ ...result, rows: withRatios(result.rows) }));
const all = withRatios(combine(results));
for (const result of perSet) print(`${result.set} (${result.transcripts} runs)`, result.rows);
print(`all (${results.reduce((sum, result) => sum + result.transcripts, 0)} runs)`, all);
const checked = all.find((row) => row.strategy === checkedLabel);
const met = checked.inputTokensRatio <= target;
console.log(
  `\n${checkedLabel}: ${checked.inputTokensRatio.toFixed(3)}× the unmanaged input tokens, summary calls included (target <= ${target}): ${met ? 'met' : 'NOT met'}`,
);
console.log('Summaries are ESTIMATED: placeholders of 1,000 tokens, no model called.');
await mkdir(dirname(output), { recursive: true });
await writeFile(
  output,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      estimated: true,
      note: `Summaries are estimated: each is a labeled placeholder of ${summaryTokens} tokens (estimatedSummarization); no model was called. Each summary bills one summary call: input = the general summary prompt + the messages it replaces (the previous summary included), output = the summary. inputTokensRatio = (managed prompt tokens + summary input + summary output) / unmanaged prompt tokens, measured in the same run. Costs price the summary calls at the agent model's plain input and output prices (no cache).`,
      pricing: 'anthropic-style: cache write 1.25×, cache read 0.1× of each model’s input price',
      target: {
        strategy: checked.strategy,
        inputTokensRatio: `<= ${target}`,
        value: checked.inputTokensRatio,
        met,
      },
      sets: perSet,
      all,
      seconds: round((performance.now() - started) / 1000, 1),
    },
    null,
    1,
  )}\n`,
);
console.log(`wrote ${output}`);
if (!met) process.exitCode = 1;
