// Next-tool prediction on the recorded runs: kioku's tool graph (last tool, last event and last two
// events with outcomes, interpolated; user-intent words; parameter filling) against a plain first-order and
// a plain second-order graph over the tool sequence alone (the baselines of the AutoTool paper), in the
// same run.
// Split: runs are grouped by task (BFCL's four variants of a task stay together) and alternate tasks go
// to training and test. Everything chosen is chosen on the training halves only (each split again by task
// into an inner training and validation part): one set of graph weights for every set (intent exponent,
// second-order weight, recent-tools exponent) — the best mean top-1 over the sets, each inner split used both ways round (train
// on one part, validate on the other); these are createToolGraph's defaults — then the defaults of
// toolGraphPrepareStep: θ, the lowest whose bypasses are right >= 90% on every set's validation part,
// and the narrowing (probability mass, top-k), the one that narrows the most steps on average while keeping
// the agent's action >= 95% on every set. Then every figure is measured on the test halves.
// Also: the time of one prediction on a graph of 100,000 learned transitions (p95 within a run, and cold:
// each prediction on another run's user message), next to a plain Map lookup measured in the same run.
// Run from the repository root after `npm run build`: `node bench/tool-graph/predict.mjs`.
// Prints tables and writes bench/results/tool-graph-predict.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createToolGraph } from 'kioku';
import { agentEvents, evaluateToolPrediction, keyArgumentEvents, splitByTask } from 'kioku/strategies';
import { trajectoriesDir } from 'kioku/test';
import { loadTranscripts } from 'kioku/transcripts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const output = join(root, 'bench/results/tool-graph-predict.json');
const intentChoices = [0, 0.6, 1, 1.5, 2];
const secondOrderChoices = [0.5, 1];
const recentToolsChoices = [0, 0.3, 0.6, 1];
const thetas = [0.6, 0.7, 0.8, 0.9, 0.95, 0.97, 0.98, 0.99];
const narrowChoices = [0.9, 0.95, 0.98, 0.99, 0.995].flatMap((narrowMass) =>
  [3, 5, 8].map((topK) => ({ narrowMass, topK })),
);
const bypassRightTarget = 0.9;
/** Sets with at most this many tools are also measured on their calls' key arguments. */
const fewToolsLimit = 3;
const narrowKeptTarget = 0.95;

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
  { name: 'ExCyTIn o4-mini', paths: ['ExCyTIn/o4-mini'], task: (t) => `${t.file}:${t.id}` },
];

/**
 * A plain graph over the tool sequence only: most frequent next tool after the last one or two (order 1,
 * 2); order 0 is the majority class, the most frequent tool of the training half whatever came before.
 */
function plainBaseline(train, test, order) {
  const counts = new Map();
  const add = (context, tool) => {
    const row = counts.get(context) ?? new Map();
    row.set(tool, (row.get(tool) ?? 0) + 1);
    counts.set(context, row);
  };
  const toolsOf = (run) => run.filter((event) => event.kind === 'call').map((event) => event.tool);
  const contexts = (tools, index) => [
    `2|${tools[index - 2] ?? '^'}|${tools[index - 1] ?? '^'}`,
    `1|${tools[index - 1] ?? '^'}`,
    '0',
  ];
  for (const run of train) {
    const tools = toolsOf(run);
    tools.forEach((tool, index) => {
      for (const context of contexts(tools, index)) add(context, tool);
    });
  }
  const best = (row) => (row === undefined ? undefined : [...row].sort((a, b) => b[1] - a[1])[0][0]);
  let right = 0;
  let total = 0;
  for (const run of test) {
    const tools = toolsOf(run);
    tools.forEach((tool, index) => {
      const [second, first, prior] = contexts(tools, index);
      const guess =
        (order === 2 ? best(counts.get(second)) : undefined) ??
        (order >= 1 ? best(counts.get(first)) : undefined) ??
        best(counts.get(prior));
      total += 1;
      if (guess === tool) right += 1;
    });
  }
  return total === 0 ? 0 : right / total;
}

const round = (value, digits = 4) => Number(value.toFixed(digits));

const prepared = [];
for (const set of sets) {
  const { transcripts, errors } = await loadTranscripts(set.paths.map((path) => join(trajectoriesDir, path)));
  if (errors.length > 0) throw new Error(errors.map((e) => `${e.file}: ${e.error.message}`).join('\n'));
  const [trainRuns, testRuns] = splitByTask(transcripts, set.task).map((half) =>
    half.map((t) => agentEvents(t.messages)),
  );
  const [innerTrain, innerTest] = splitByTask(
    transcripts.filter((t) => splitByTask(transcripts, set.task)[0].includes(t)),
    (t) => `inner:${set.task(t)}`.split('').reverse().join(''),
  ).map((half) => half.map((t) => agentEvents(t.messages)));
  prepared.push({ set, trainRuns, testRuns, innerTrain, innerTest });
}

// The graph's weights: the best mean validation top-1 over every set and both ways round of its inner
// split; ties go to the earlier choice (sort is stable): the smaller intent exponent, second-order weight,
// then recent-tools exponent.
const weightChoices = intentChoices
  .flatMap((intent) =>
    secondOrderChoices.flatMap((secondOrder) =>
      recentToolsChoices.map((recentTools) => ({ intent, secondOrder, recentTools })),
    ),
  )
  .map((weights) => {
    const top1 = (train, test) =>
      evaluateToolPrediction({ train, test, graph: { weights }, thetas: [] }).top1;
    const scores = prepared.map(
      ({ innerTrain, innerTest }) => (top1(innerTrain, innerTest) + top1(innerTest, innerTrain)) / 2,
    );
    return { ...weights, meanValidationTop1: scores.reduce((sum, score) => sum + score, 0) / scores.length };
  });
const best = [...weightChoices].sort((a, b) => b.meanValidationTop1 - a.meanValidationTop1)[0];
const weights = { intent: best.intent, secondOrder: best.secondOrder, recentTools: best.recentTools };
const libraryWeights = createToolGraph().toJSON().weights;
if (Object.keys(weights).some((key) => libraryWeights[key] !== weights[key])) {
  console.warn(
    `createToolGraph's default weights ${JSON.stringify(libraryWeights)} differ from the ones chosen here ${JSON.stringify(weights)}`,
  );
}
for (const entry of prepared) {
  entry.validation = narrowChoices.map((narrow) =>
    evaluateToolPrediction({
      train: entry.innerTrain,
      test: entry.innerTest,
      graph: { weights },
      thetas,
      ...narrow,
    }),
  );
}

// The defaults, from the validation parts only.
const rate = (part, whole) => (whole === 0 ? undefined : part / whole);
const theta =
  thetas.find((candidate) =>
    prepared.every(({ validation: [evaluation] }) => {
      const outcome = evaluation.thresholds.find((t) => t.theta === candidate);
      return (rate(outcome.bypassRight, outcome.bypassed) ?? 1) >= bypassRightTarget;
    }),
  ) ?? thetas.at(-1);
const narrowScores = narrowChoices.map((narrow, index) => {
  const outcomes = prepared.map(({ validation }) =>
    validation[index].thresholds.find((t) => t.theta === theta),
  );
  const decisions = prepared.map(({ validation }) => validation[index].decisions);
  return {
    ...narrow,
    meanNarrowedShare: outcomes.reduce((sum, o, i) => sum + o.narrowed / decisions[i], 0) / outcomes.length,
    worstKept: Math.min(...outcomes.map((o) => rate(o.narrowedKept, o.narrowed) ?? 1)),
  };
});
const eligible = narrowScores.filter((score) => score.worstKept >= narrowKeptTarget);
const narrow = (eligible.length > 0 ? eligible : narrowScores).sort((a, b) =>
  eligible.length > 0 ? b.meanNarrowedShare - a.meanNarrowedShare : b.worstKept - a.worstKept,
)[0];
const defaults = {
  weights,
  weightsRule:
    'of intent × second-order × recent-tools choices, the best mean top-1 over every set, training on one part of its training half and validating on the other, both ways round',
  weightChoices: weightChoices.map((choice) => ({
    ...choice,
    meanValidationTop1: round(choice.meanValidationTop1),
  })),
  theta,
  narrowMass: narrow.narrowMass,
  topK: narrow.topK,
  rule: `θ: the lowest of ${thetas.join(', ')} whose bypasses are right >= ${bypassRightTarget} on every set's validation part; narrowing: of mass × top-k, the most steps narrowed on average with the agent's action kept >= ${narrowKeptTarget} on every set, or, when none keeps that much, the one whose worst set keeps the most (validation parts of the training halves)`,
  narrowKeptTargetReached: eligible.length > 0,
  validation: narrowScores.map((score) => ({
    narrowMass: score.narrowMass,
    topK: score.topK,
    meanNarrowedShare: round(score.meanNarrowedShare),
    worstKept: round(score.worstKept),
  })),
};

const results = [];
for (const { set, trainRuns, testRuns } of prepared) {
  const evaluation = evaluateToolPrediction({
    train: trainRuns,
    test: testRuns,
    graph: { weights },
    thetas,
    narrowMass: defaults.narrowMass,
    topK: defaults.topK,
  });
  const withoutRecentTools = evaluateToolPrediction({
    train: trainRuns,
    test: testRuns,
    graph: { weights: { ...weights, recentTools: 0 } },
    thetas: [],
  }).top1;
  const plain1 = plainBaseline(trainRuns, testRuns, 1);
  const plain2 = plainBaseline(trainRuns, testRuns, 2);
  const majority = plainBaseline(trainRuns, testRuns, 0);
  // Few tools (at most fewToolsLimit in the training half): the next action is nearly always the same tool,
  // so the figure that tells anything is the key argument's (the SQL table queried next), against the
  // same baselines over the same keyed actions and split.
  const trainTools = new Set(
    trainRuns.flatMap((run) => run.filter((e) => e.kind === 'call').map((e) => e.tool)),
  );
  let keyArgument;
  if (trainTools.size <= fewToolsLimit) {
    const [keyedTrain, keyedTest] = [trainRuns, testRuns].map((half) =>
      half.map((run) => keyArgumentEvents(run)),
    );
    const keyed = evaluateToolPrediction({
      train: keyedTrain,
      test: keyedTest,
      graph: { weights },
      thetas: [],
    });
    const keyedSecond = plainBaseline(keyedTrain, keyedTest, 2);
    keyArgument = {
      rule: 'sqlTableKey: the table an SQL statement names first, else its verb',
      actions: new Set(keyedTrain.flatMap((run) => run.filter((e) => e.kind === 'call').map((e) => e.tool)))
        .size,
      top1: round(keyed.top1),
      majorityTop1: round(plainBaseline(keyedTrain, keyedTest, 0)),
      plainFirstOrderTop1: round(plainBaseline(keyedTrain, keyedTest, 1)),
      plainSecondOrderTop1: round(keyedSecond),
      pointsOverSecondOrder: round((keyed.top1 - keyedSecond) * 100, 1),
    };
  }
  results.push({
    set: set.name,
    trainRuns: trainRuns.length,
    testRuns: testRuns.length,
    decisions: evaluation.decisions,
    toolCalls: evaluation.toolCalls,
    top1: round(evaluation.top1),
    top1WithInput: round(evaluation.top1WithInput),
    top1WithoutRecentTools: round(withoutRecentTools),
    topKShare: round(evaluation.topK),
    majorityTop1: round(majority),
    plainFirstOrderTop1: round(plain1),
    plainSecondOrderTop1: round(plain2),
    pointsOverSecondOrder: round((evaluation.top1 - plain2) * 100, 1),
    keyArgument,
    thresholds: evaluation.thresholds.map((outcome) => ({
      theta: outcome.theta,
      bypassedShare: round(outcome.bypassed / evaluation.decisions),
      bypassToolRight: outcome.bypassed === 0 ? null : round(outcome.bypassToolRight / outcome.bypassed),
      bypassRight: outcome.bypassed === 0 ? null : round(outcome.bypassRight / outcome.bypassed),
      narrowedShare: round(outcome.narrowed / evaluation.decisions),
      narrowedKept: outcome.narrowed === 0 ? null : round(outcome.narrowedKept / outcome.narrowed),
      llmCallsSaved: outcome.bypassRight,
      wrongBypasses: outcome.bypassed - outcome.bypassRight,
    })),
  });
}

// Timing: a graph of 100,000 transitions (synthetic runs over 60 tools), p95 of 20,000 predictions.
const tools = Array.from({ length: 60 }, (_, index) => `tool_${index}`);
const words = Array.from({ length: 400 }, (_, index) => `word${index}`);
let seed = 7;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = (items) => items[Math.floor(random() * items.length)];
const graph = createToolGraph();
const histories = [];
while (graph.observations < 100_000) {
  const run = [{ kind: 'user', text: Array.from({ length: 12 }, () => pick(words)).join(' ') }];
  for (let step = 0; step < 10; step += 1)
    run.push({ kind: 'call', tool: pick(tools), input: {}, outcome: random() < 0.1 ? 'error' : 'ok' });
  graph.learnRun(run);
  histories.push(run);
}
const lookup = new Map(tools.map((tool) => [tool, tool]));
// Within a run (how an agent asks: one prediction per step, the same user message for several steps),
// and cold (every prediction on another run's message, so no cache helps).
const timings = { withinRun: [], cold: [], mapLookup: [] };
for (let index = 0; index < 2_000; index += 1) {
  const run = histories[index % histories.length];
  for (let step = 1; step <= 10; step += 1) {
    const before = run.slice(0, step);
    let start = performance.now();
    graph.predict(before);
    timings.withinRun.push((performance.now() - start) * 1000);
    start = performance.now();
    lookup.get(pick(tools));
    timings.mapLookup.push((performance.now() - start) * 1000);
  }
}
for (let index = 0; index < 20_000; index += 1) {
  const run = histories[(index * 7919) % histories.length];
  const before = run.slice(0, 1 + (index % 10));
  const start = performance.now();
  graph.predict(before);
  timings.cold.push((performance.now() - start) * 1000);
}
const p95 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)];
const timing = {
  transitions: graph.observations,
  tools: tools.length,
  predictP95MicrosWithinRun: round(p95(timings.withinRun), 2),
  predictP95MicrosCold: round(p95(timings.cold), 2),
  mapLookupP95Micros: round(p95(timings.mapLookup), 2),
};

for (const result of results) {
  console.log(
    `\n${result.set}: train ${result.trainRuns} runs, test ${result.testRuns} runs, ${result.toolCalls} tool calls`,
  );
  console.log(
    `  top-1 ${result.top1} (majority class ${result.majorityTop1}, plain 1st order ${result.plainFirstOrderTop1}, 2nd order ${result.plainSecondOrderTop1}; +${result.pointsOverSecondOrder} points; ${result.top1WithoutRecentTools} without the recent tools), top-${defaults.topK} ${result.topKShare}`,
  );
  const key = result.keyArgument;
  if (key !== undefined) {
    console.log(
      `  key argument (${key.actions} actions: tool and table): top-1 ${key.top1} (majority class ${key.majorityTop1}, plain 1st order ${key.plainFirstOrderTop1}, 2nd order ${key.plainSecondOrderTop1}; ${key.pointsOverSecondOrder >= 0 ? '+' : ''}${key.pointsOverSecondOrder} points)`,
    );
  }
  for (const t of result.thresholds) {
    console.log(
      `  θ ${t.theta}: bypassed ${t.bypassedShare} (right ${t.bypassRight}, tool right ${t.bypassToolRight}), narrowed ${t.narrowedShare} (kept ${t.narrowedKept}), LLM calls saved ${t.llmCallsSaved}, wrong bypasses ${t.wrongBypasses}`,
    );
  }
}
console.log(
  `\ndefaults chosen on the training halves: weights ${JSON.stringify(defaults.weights)}, θ ${defaults.theta}, narrow to top-${defaults.topK} holding ${defaults.narrowMass}`,
);
console.log(
  `\nprediction p95 on ${timing.transitions} transitions over ${timing.tools} tools: ${timing.predictP95MicrosWithinRun} µs within a run, ${timing.predictP95MicrosCold} µs cold; a Map lookup ${timing.mapLookupP95Micros} µs`,
);
await mkdir(dirname(output), { recursive: true });
await writeFile(
  output,
  `${JSON.stringify({ generatedBy: 'bench/tool-graph/predict.mjs', defaults, results, timing }, null, 2)}\n`,
);
console.log(`wrote ${output}`);
