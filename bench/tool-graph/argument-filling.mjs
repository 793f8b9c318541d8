// Argument filling (issue 25 item 4): how often the parameter filler gives a call's arguments exactly, on
// the recorded runs of the prediction bench's sets, against the filler of the code before (`--base`,
// default 2749850) built in the same run. Each set is split by task as in bench/tool-graph/predict.mjs:
// the tune half is the training half's own inner split (learn on one part, measure on the other), the
// held-out half is the test half (learn on the whole training half). Nothing is tuned on the held-out half.
// Per call (every tool call, the tool given: what the filler is asked once the graph named the tool):
// - exact: the filler's best guess at any reliability equals the call's arguments (canonical JSON);
// - exact at ≥ 0.9: only guesses whose sources were reliable ≥ 0.9 (the bypass threshold `kioku tools`
//   and evaluateToolPrediction use), i.e. what a bypass could send;
// - and `top1WithInput` as evaluateToolPrediction reports it (the tool ranked first and its arguments
//   exact), for the current code (its measure: at any reliability) and the code before (its measure: at
//   ≥ 0.9 only, though documented as at any confidence — the 0.009 on tau2).
// Needs ../shared (the recorded runs). Writes bench/results/tool-graph-argument-filling.json; exits 1 when
// the current filler is right less often than the one before on any half of any set.
// Run after `npm run build`: node bench/tool-graph/argument-filling.mjs [--base <commit>]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createParameterFiller } from 'kioku';
import { agentEvents, evaluateToolPrediction, splitByTask } from 'kioku/strategies';
import { trajectoriesDir } from 'kioku/test';
import { loadTranscripts } from 'kioku/transcripts';
import { buildBaseline, commitOf } from '../build-baseline.mjs';

const { values } = parseArgs({ options: { base: { type: 'string', default: '2749850' } } });
const base = commitOf(values.base);
const baseline = buildBaseline({ commit: base });
const before = await import(pathToFileURL(join(baseline.dist, 'tool-graph/index.js')).href);

const sets = [
  {
    name: 'tau-bench airline gpt-4o',
    paths: ['tau-bench/historical_trajectories/gpt-4o-airline.json'],
    task: (t) => t.id.replace(/-trial-.*$/, ''),
  },
  {
    name: 'tau2-bench gpt-4.1 (airline, retail, telecom)',
    paths: ['airline_default', 'retail_defautl', 'telecom_default'].map(
      (domain) => `tau2-bench/feature-gym/gpt-4.1_${domain}_gpt-4.1_1trials.json`,
    ),
    task: (t) => `${t.file}:${t.id.replace(/-trial-.*$/, '')}`,
  },
  {
    name: 'BFCL multi-turn gold',
    paths: ['bfcl/multi-turn'],
    task: (t) => t.id.replace(/^multi_turn_[a-z_]+?_(\d+)$/, '$1'),
  },
];

const canonical = (value) =>
  JSON.stringify(value, (_, v) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/** Exact fills of every tool call of `test` by a filler of `kioku` trained on `train`. */
function fills(kioku, train, test) {
  const filler = kioku.createParameterFiller();
  for (const run of train)
    run.forEach((event, index) => {
      if (event.kind === 'call') filler.learn(run.slice(0, index), event);
    });
  let calls = 0;
  let exact = 0;
  let exactReliable = 0;
  for (const run of test)
    run.forEach((event, index) => {
      if (event.kind !== 'call') return;
      calls += 1;
      const before = run.slice(0, index);
      const any = filler.fill(before, event.tool, { minReliability: 0 });
      if (any !== undefined && canonical(any.input) === canonical(event.input)) exact += 1;
      const reliable = filler.fill(before, event.tool, { minReliability: 0.9 });
      if (reliable !== undefined && canonical(reliable.input) === canonical(event.input)) exactReliable += 1;
    });
  return { calls, exact: exact / calls, exactAtReliability09: exactReliable / calls };
}

const round = (value) => Number(value.toFixed(4));
const results = [];
for (const set of sets) {
  const { transcripts, errors } = await loadTranscripts(set.paths.map((path) => join(trajectoriesDir, path)));
  if (errors.length > 0) throw new Error(errors.map((e) => `${e.file}: ${e.error.message}`).join('\n'));
  const [trainHalf, testHalf] = splitByTask(transcripts, set.task);
  const [innerTrain, innerTest] = splitByTask(trainHalf, (t) =>
    `inner:${set.task(t)}`.split('').reverse().join(''),
  );
  const events = (half) => half.map((t) => agentEvents(t.messages));
  const halves = {
    tune: { train: events(innerTrain), test: events(innerTest) },
    heldOut: { train: events(trainHalf), test: events(testHalf) },
  };
  const row = { set: set.name };
  for (const [half, { train, test }] of Object.entries(halves)) {
    const now = fills({ createParameterFiller }, train, test);
    const then = fills(before, train, test);
    row[half] = {
      toolCalls: now.calls,
      exact: { before: round(then.exact), after: round(now.exact) },
      exactAtReliability09: {
        before: round(then.exactAtReliability09),
        after: round(now.exactAtReliability09),
      },
      top1WithInput: {
        before: round(before.evaluateToolPrediction({ train, test, thetas: [] }).top1WithInput),
        after: round(evaluateToolPrediction({ train, test, thetas: [] }).top1WithInput),
      },
    };
  }
  results.push(row);
  for (const half of ['tune', 'heldOut']) {
    const r = row[half];
    console.log(
      `${set.name}, ${half} (${r.toolCalls} calls): exact ${r.exact.before} → ${r.exact.after}; at reliability ≥ 0.9 ${r.exactAtReliability09.before} → ${r.exactAtReliability09.after}; top-1 with arguments as reported ${r.top1WithInput.before} → ${r.top1WithInput.after}`,
    );
  }
}
baseline.remove();
const worse = results.some((row) =>
  ['tune', 'heldOut'].some((half) => row[half].exact.after < row[half].exact.before),
);
const output = new URL('../results/tool-graph-argument-filling.json', import.meta.url);
writeFileSync(
  output,
  `${JSON.stringify({ generatedBy: 'bench/tool-graph/argument-filling.mjs', base, date: new Date().toISOString(), results, filledNoWorseEverywhere: !worse }, null, 1)}\n`,
);
console.log(`${worse ? 'WORSE on some half' : 'no worse on any half'}; wrote ${output.pathname}`);
if (worse) process.exitCode = 1;
