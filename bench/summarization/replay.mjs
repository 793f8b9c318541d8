// Token reduction with summarization in the pipeline: the dev trajectories (mini-swe-agent 23 runs,
// OpenHands 50 runs) replayed call by call through observation masking + ESTIMATED summarization (no model
// is called: each summary is a labeled placeholder of 1,000 tokens) at several prompt-size triggers, next
// to the unmanaged history measured in the same run. The target (<= 0.45x) is checked on masking +
// summarization at 12k (the oldest 70% summarized once the prompt reaches 12,000 tokens). The summary
// calls' own tokens count: every summary bills a call whose input is the summarizer's instructions plus
// the messages it replaces (added to the managed prompts before the ratio is taken: the replay's
// `inputTokens`) and whose output is the summary (`strategyOutputTokens`, billed in the costs).
// Run from the repository root after `npm run build`: `node bench/summarization/replay.mjs`.
// Prints a table and writes bench/results/summarization-replay.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { counterForModel, observationMasking, pipeline, unmanaged } from 'kioku';
import { compareToBaseline, replayTranscript, resolvePricing, summarizeReplays } from 'kioku/replay';
import { estimatedSummarization, loadModelOverrides } from 'kioku/strategies';
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
  const replays = new Map(strategies().map(({ label }) => [label, []]));
  for (const transcript of set.transcripts) {
    const pricing = resolvePricing({ modelId: modelOf(transcript), pricing: 'anthropic-style', overrides });
    const counter = counterForModel(modelOf(transcript));
    for (const { label, make } of strategies()) {
      // The replay counts the summary calls the strategy's edits report and bills them in its costs
      // (uncached, at the plain input and output prices: they share no prefix with the agent's prompts).
      replays.get(label).push(await replayTranscript({ transcript, strategy: make(), counter, pricing }));
    }
  }
  process.stderr.write(`${set.name}: ${set.transcripts.length} runs\n`);
  return { set: set.name, transcripts: set.transcripts.length, replays };
}

const round = (value, digits = 4) => Number(value.toFixed(digits));

/**
 * One row per strategy: its replays added up by `summarizeReplays` (summary prompts in `inputTokens`),
 * with ratios to the unmanaged replays of the same runs.
 */
function rowsOf(replays) {
  const base = summarizeReplays('unmanaged', replays.get('unmanaged'));
  return [...replays].map(([label, list]) => {
    const { name, savedByTool, overheadMsP95, ...row } = compareToBaseline(
      summarizeReplays(label, list),
      base,
    );
    return {
      ...row,
      strategy: label,
      costNoCache: round(row.costNoCache),
      costCached: round(row.costCached),
      inputTokensRatio: round(row.inputTokensRatio),
      promptTokensRatio: round(row.promptTokens / base.promptTokens),
      costNoCacheRatio: round(row.costNoCacheRatio),
      costCachedRatio: round(row.costCachedRatio),
    };
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
    '× unmanaged (incl. summary prompts)',
    'cost × (cached)',
    'over window',
    'violations',
  ];
  const cells = rows.map((row) => [
    row.strategy,
    row.calls,
    row.promptTokens,
    row.strategyCalls,
    row.strategyInputTokens,
    row.strategyOutputTokens,
    row.inputTokensRatio.toFixed(3),
    row.costCachedRatio.toFixed(3),
    row.callsOverWindow,
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
const perSet = results.map(({ set, transcripts, replays }) => ({ set, transcripts, rows: rowsOf(replays) }));
const all = rowsOf(
  new Map(strategies().map(({ label }) => [label, results.flatMap((result) => result.replays.get(label))])),
);
for (const result of perSet) print(`${result.set} (${result.transcripts} runs)`, result.rows);
print(`all (${results.reduce((sum, result) => sum + result.transcripts, 0)} runs)`, all);
const checked = all.find((row) => row.strategy === checkedLabel);
const met = checked.inputTokensRatio <= target;
console.log(
  `\n${checkedLabel}: ${checked.inputTokensRatio.toFixed(3)}× the unmanaged input tokens, summary prompts included (target <= ${target}): ${met ? 'met' : 'NOT met'}`,
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
      note: `Summaries are estimated: each is a labeled placeholder of ${summaryTokens} tokens (estimatedSummarization); no model was called. Each summary bills one summary call: input = the general summary prompt + the messages it replaces (the previous summary included), output = the summary. inputTokensRatio = (managed prompt tokens + summary input) / unmanaged prompt tokens, measured in the same run (the summaries themselves are output: strategyOutputTokens, in the costs). Costs price the summary calls at the agent model's plain input and output prices (no cache). callsOverWindow: calls whose prompt is over the model's context window.`,
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
