// A fair side-by-side of kioku's default and the peers on the recorded dev runs (the sets of
// bench/strategies/replay.mjs: mini-swe-agent deepseek-chat and OpenHands claude-3.5-sonnet with its per-call
// usage log), every ratio to the unmanaged history replayed in the same run:
// - equal terms: every strategy under the agents' breakpoint rule (system + last 3 user/tool messages) and
//   under kioku's frontier placement, kioku's default included; SWE-agent 1.1's default keeps its own
//   `cache_control` breakpoints (its knob) under both;
// - the peers' own caching knobs as configurations (SWE-agent `polling: 8`, Anthropic `clear_at_least`);
// - every peer's token trigger at the same fraction of the window (0.5: the documented 100k of Claude's 200k);
// - pricing: each run under its provider's caching (DeepSeek's automatic prefix cache at the V3.2 prices the runs paid,
//   Anthropic's explicit breakpoints for Claude) and Anthropic-style (cache write 1.25×, read 0.1× of each
//   model's input price) for comparison; per set and pooled (pooled USD is mostly the Claude set's);
// - a trigger sweep of the peers with a token trigger (fractions of the window and the documented 100k):
//   each strategy's input tokens against its cached cost, under the agents' rule and native pricing.
// Reachable: kioku's default removes any breakpoint its caller set and places its own (`cacheBreakpoints`),
// so under the agents' rule its row is a replay-only configuration no user of the default sends; its rows
// under kioku's frontier placement (and under DeepSeek's automatic cache, where markers do nothing) are
// what it sends. On those it must cost at most the unmanaged history (never worse); a violation is printed
// and recorded (`neverWorseViolations`).
// Honesty: runs of even position in each set (sorted by id) are the tuning half, the others the held-out
// half. Each peer's best trigger (cheapest cached cost) is chosen on the tuning half and reported on the
// held-out half; every table is the held-out half. For runtime, the Claude set's Anthropic-style pricing is
// its native pricing (Claude's cache prices are those multiples), and the DeepSeek set's native pricing is
// the same under both breakpoint policies (an automatic cache ignores markers), so neither is replayed twice.
// Run from the repository root after `npm run build`: `node bench/strategies/side-by-side.mjs`.
// Prints ratio tables and writes bench/results/strategies-side-by-side.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  analyzeStrategies,
  baselineCatalog,
  compareToBaseline,
  peerTriggerFraction,
  resolvePricing,
  summarizeReplays,
  sweepTriggers,
  unmanagedBaseline,
} from 'kioku/replay';
import { loadModelOverrides } from 'kioku/strategies';
import { loadSets } from '../tokens/load-sets.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const output = join(root, 'bench/results/strategies-side-by-side.json');
const kiokuDefault = 'kioku-default';
// Fractions of the window: the runs peak at 85k tokens of DeepSeek's 128k (0.66) and 77k of Claude's 200k (0.39).
const fractions = [0.05, 0.1, 0.15, 0.2, 0.3, 0.5];
const documentedTrigger = 100_000;
const policies = ['agent', 'frontier'];
const pricings = ['native', 'anthropic-style'];

const started = Date.now();
const round = (value, digits = 4) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : null);
const modelOf = (transcript) => transcript.model ?? transcript.calls.find((call) => call.model)?.model;
const own = new Set(
  baselineCatalog.filter((entry) => entry.breakpoints === 'own').map((entry) => entry.name),
);
const policyFor = (policy) => (strategy) => (own.has(strategy.name) ? 'own' : policy);
const trigger = { fraction: peerTriggerFraction };
// kioku's default runs under the middleware's trigger (a summary at 80% of the usable window, priced by the
// summary-cost model), as `kioku analyze` replays it; the peers bring their own triggers.
const compactorTrigger = (strategy) =>
  baselineCatalog.find((entry) => entry.name === strategy.name)?.compactorTrigger?.();
const triggered = baselineCatalog.filter((entry) => entry.documentedTrigger !== undefined);
const fixed = baselineCatalog.filter((entry) => entry.documentedTrigger === undefined);

function halves(transcripts) {
  const ids = transcripts.map((transcript) => transcript.id).sort();
  const tuning = new Set(ids.filter((_, index) => index % 2 === 0));
  return {
    tuning: transcripts.filter((transcript) => tuning.has(transcript.id)),
    heldOut: transcripts.filter((transcript) => !tuning.has(transcript.id)),
  };
}

let done = 0;
const tick = () => {
  done += 1;
  if (done % 100 === 0)
    process.stderr.write(`  ${done} replays (${Math.round((Date.now() - started) / 1000)} s)\n`);
};

/** The held-out analysis of one set under one pricing and policy. */
async function analyze(set, transcripts, pricing, policy) {
  return analyzeStrategies({
    transcripts,
    baseline: unmanagedBaseline(),
    strategies: baselineCatalog.map((entry) => entry.create({ trigger })),
    pricingFor: (transcript) =>
      resolvePricing({
        modelId: modelOf(transcript),
        pricing: pricing === 'native' ? undefined : pricing,
        overrides: set.overrides,
      }),
    breakpoints: policyFor(policy),
    trigger: compactorTrigger,
    onReplay: tick,
  });
}

/** Ratios of one strategy row, rounded. */
const ratios = (row) => ({
  inputTokensRatio: round(row.inputTokensRatio),
  costNoCacheRatio: round(row.costNoCacheRatio),
  costCachedRatio: round(row.costCachedRatio),
  cacheHitRate: round(row.cacheHitRate),
  costCached: round(row.costCached),
  hiddenFactRate: round(row.hiddenFactRate),
  violations: row.violations,
  callsOverWindow: row.callsOverWindow,
});

/** Strategies compared over several analyses' replays together (pooled), ratios to the pooled baseline. */
function pool(analyses) {
  const replays = analyses.flatMap((analysis) => analysis.replays);
  const baseline = analyses[0].baseline;
  const names = analyses[0].strategies.map((strategy) => strategy.name);
  const reference = summarizeReplays(
    baseline,
    replays.filter((replay) => replay.strategy === baseline),
  );
  return names.map((name) =>
    compareToBaseline(
      summarizeReplays(
        name,
        replays.filter((replay) => replay.strategy === name),
      ),
      reference,
    ),
  );
}

const rowsOf = (strategies) => Object.fromEntries(strategies.map((row) => [row.name, ratios(row)]));

const sets = [];
for (const set of await loadSets()) {
  const overrides =
    set.pricingOverrides === undefined ? undefined : await loadModelOverrides(set.pricingOverrides);
  sets.push({ ...set, overrides, ...halves(set.transcripts) });
}

/**
 * The run of `name` whose cost with caching is highest against the unmanaged replay of the same run, with
 * that ratio: the per-run worst case beside the pooled ratios.
 */
function worstRun(analysis, name) {
  const key = (replay) => `${replay.transcript.file}#${replay.transcript.id}`;
  const base = new Map(
    analysis.replays
      .filter((replay) => replay.strategy === analysis.baseline)
      .map((replay) => [key(replay), replay.totals.costCached]),
  );
  let worst = { run: null, ratio: null };
  for (const replay of analysis.replays.filter((each) => each.strategy === name)) {
    const reference = base.get(key(replay));
    if (!(reference > 0)) continue;
    const ratio = replay.totals.costCached / reference;
    if (worst.ratio === null || ratio > worst.ratio)
      worst = { run: replay.transcript.id, ratio: round(ratio) };
  }
  return worst;
}
const worstRuns = {};

// 1. The side-by-side table on the held-out half: per set, pricing and policy.
const table = {};
for (const pricing of pricings) {
  table[pricing] = {};
  for (const policy of policies) table[pricing][policy] = { sets: {}, analyses: [] };
}
for (const set of sets) {
  const deepseek = set.name.includes('deepseek');
  process.stderr.write(`${set.name}: side-by-side on ${set.heldOut.length} held-out runs\n`);
  const results = {};
  for (const pricing of pricings) {
    for (const policy of policies) {
      // Reused where the replay would be the same (see the header).
      const same =
        (deepseek && pricing === 'native' && policy !== policies[0] && results[`native:${policies[0]}`]) ||
        (!deepseek && pricing === 'anthropic-style' && results[`native:${policy}`]);
      const analysis = same || (await analyze(set, set.heldOut, pricing, policy));
      results[`${pricing}:${policy}`] = analysis;
      table[pricing][policy].sets[set.name] = rowsOf(analysis.strategies);
      if (policy === 'frontier') worstRuns[`${set.name}, ${pricing}`] = worstRun(analysis, kiokuDefault);
      table[pricing][policy].analyses.push(analysis);
    }
  }
}
for (const pricing of pricings) {
  for (const policy of policies) {
    table[pricing][policy].pooled = rowsOf(pool(table[pricing][policy].analyses));
    delete table[pricing][policy].analyses;
  }
}

// 2. The trigger sweep (native pricing, the agents' rule) on both halves, per set.
const sweeps = { tuning: {}, heldOut: {} };
for (const set of sets) {
  for (const half of ['tuning', 'heldOut']) {
    process.stderr.write(`${set.name}: trigger sweep on the ${half} half (${set[half].length} runs)\n`);
    const sweep = await sweepTriggers({
      transcripts: set[half],
      baseline: unmanagedBaseline(),
      triggered: triggered.map((entry) => ({
        name: entry.name,
        create: (at) => entry.create({ trigger: at }),
      })),
      fixed: half === 'heldOut' ? fixed.map((entry) => entry.create()) : [],
      fractions,
      inputTokens: [documentedTrigger],
      pricingFor: (transcript) => resolvePricing({ modelId: modelOf(transcript), overrides: set.overrides }),
      breakpoints: policyFor('agent'),
      compactorTrigger,
      onReplay: tick,
    });
    sweeps[half][set.name] = sweep.curves.map((curve) => ({
      strategy: curve.strategy,
      triggered: curve.triggered,
      points: curve.points.map((point) => ({ label: point.label, trigger: point.trigger, ...ratios(point) })),
    }));
  }
}

// 3. Each peer's best trigger, chosen on the tuning half (cheapest cached cost), reported held out.
const chosen = {};
for (const set of sets) {
  chosen[set.name] = {};
  for (const curve of sweeps.tuning[set.name]) {
    const best = curve.points.reduce((a, b) => (b.costCachedRatio < a.costCachedRatio ? b : a));
    const heldOut = sweeps.heldOut[set.name]
      .find((candidate) => candidate.strategy === curve.strategy)
      .points.find((point) => point.label === best.label);
    chosen[set.name][curve.strategy] = { trigger: best.label, tuning: best, heldOut };
  }
}

// 4. Is kioku's default on the frontier? A configuration dominates it when it is better on all three of
// input tokens, cached cost and hidden-fact rate at once: every peer under each breakpoint policy (against
// the default under the same policy) and every point of the trigger sweep (agents' rule), held out.
const kiokuName = fixed.find((entry) => entry.kioku)?.name ?? 'kioku-default';
const beats = (row, reference) =>
  row.inputTokensRatio < reference.inputTokensRatio &&
  row.costCachedRatio < reference.costCachedRatio &&
  row.hiddenFactRate < reference.hiddenFactRate;
const frontier = {};
for (const set of sets) {
  const dominating = [];
  for (const policy of policies) {
    const rows = table.native[policy].sets[set.name];
    const reference = rows[kiokuName];
    for (const [name, row] of Object.entries(rows)) {
      if (name !== kiokuName && beats(row, reference)) dominating.push({ name, breakpoints: policy, ...row });
    }
  }
  const reference = table.native.agent.sets[set.name][kiokuName];
  for (const curve of sweeps.heldOut[set.name]) {
    for (const point of curve.points) {
      if (curve.strategy !== kiokuName && beats(point, reference)) {
        dominating.push({ name: curve.strategy, breakpoints: 'agent', ...point });
      }
    }
  }
  frontier[set.name] = { default: kiokuName, dominatedBy: dominating };
}

// 5. Never worse than doing nothing, on the rows the default really sends (its own breakpoints).
const neverWorse = pricings.flatMap((pricing) =>
  [...sets.map((set) => set.name), 'pooled'].flatMap((column) => {
    const rows = column === 'pooled' ? table[pricing].frontier.pooled : table[pricing].frontier.sets[column];
    const ratio = rows[kiokuName]?.costCachedRatio;
    return ratio !== undefined && ratio > 1 ? [`${column}, ${pricing}: cached cost ${ratio}× unmanaged`] : [];
  }),
);

const report = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: availableParallelism(),
  halfSplit:
    'tuning: runs of even position in each set sorted by id; held-out: the others. Tables and chosen triggers are reported on the held-out half; the best trigger of each peer is chosen on the tuning half.',
  pricing: {
    native:
      "each run under its provider's caching: DeepSeek automatic prefix caching at the V3.2 prices (deepseek set), Anthropic explicit breakpoints (claude set)",
    'anthropic-style':
      "Anthropic's caching rules with cache write 1.25×, read 0.1× of each model's input price (the claude set's native pricing is exactly this)",
  },
  breakpoints: {
    agent: "every strategy's prompts marked by the agents' rule: system + last 3 user/tool messages",
    frontier:
      "every strategy's prompts marked at kioku's frontier (the last edited message, cacheBreakpoints)",
    own: 'swe-agent-1.1-default keeps its own cache_control (last 2 user/tool messages) under both policies',
  },
  peerTrigger: `every peer's token trigger at ${peerTriggerFraction} of the context window in the table; the sweep moves it`,
  costs: 'costCached / costNoCache: the whole bill of the held-out runs, output included',
  sets: sets.map((set) => ({
    name: set.name,
    tuningRuns: set.tuning.length,
    heldOutRuns: set.heldOut.length,
  })),
  descriptions: Object.fromEntries(baselineCatalog.map((entry) => [entry.name, entry.description])),
  table,
  sweep: { breakpoints: 'agent', pricing: 'native', fractions, documentedTrigger, ...sweeps },
  chosenTriggers: chosen,
  frontier,
  defaultSends:
    "kioku-default's own breakpoints (the frontier policy); its agent-policy rows are replay-only (it removes a caller's markers)",
  neverWorseViolations: neverWorse,
  perRunWorst: {
    note: 'kioku-default with its own breakpoints: the held-out run whose cost with caching is highest against the same run unmanaged, per set and pricing',
    runs: worstRuns,
  },
  seconds: 0,
  cpuSeconds: 0,
};
report.seconds = round((Date.now() - started) / 1000, 1);
report.cpuSeconds = round((process.cpuUsage().user + process.cpuUsage().system) / 1e6, 1);
await mkdir(dirname(output), { recursive: true });
await writeFile(output, `${JSON.stringify(report, null, 2)}\n`);

const pad = (cells, widths) =>
  cells
    .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
    .join('  ');
function print(title, header, lines) {
  const widths = header.map((_, column) =>
    Math.max(...[header, ...lines].map((line) => line[column].length)),
  );
  console.log(`\n${title}\n${pad(header, widths)}\n${lines.map((line) => pad(line, widths)).join('\n')}`);
}
const fmt = (value) => (value === null || value === undefined ? '–' : value.toFixed(3));
const names = baselineCatalog.map((entry) => entry.name);
for (const pricing of pricings) {
  const columns = [...sets.map((set) => set.name), 'pooled'];
  const header = [
    'strategy',
    ...columns.flatMap((column) => policies.map((policy) => `${column.split(' ')[0]} ${policy}`)),
  ];
  const lines = ['unmanaged', ...names].map((name) => [
    name === kiokuDefault ? `${name} *` : name,
    ...columns.flatMap((column) =>
      policies.map((policy) => {
        const rows =
          column === 'pooled' ? table[pricing][policy].pooled : table[pricing][policy].sets[column];
        return fmt(rows[name]?.costCachedRatio);
      }),
    ),
  ]);
  print(
    `cost with caching × unmanaged, held-out half, ${pricing} pricing (by set and breakpoint policy):`,
    header,
    lines,
  );
}
print(
  'input tokens × unmanaged, held-out half (the same under every pricing and policy):',
  ['strategy', ...sets.map((set) => set.name.split(' ')[0]), 'pooled'],
  ['unmanaged', ...names].map((name) => [
    name,
    ...sets.map((set) => fmt(table.native.agent.sets[set.name][name]?.inputTokensRatio)),
    fmt(table.native.agent.pooled[name]?.inputTokensRatio),
  ]),
);
for (const set of sets) {
  print(
    `trigger sweep, ${set.name}, held-out half, native pricing, agents' rule: input tokens × / cost cached × / calls with a hidden fact`,
    ['strategy', ...[...fractions.map(String), `${documentedTrigger / 1000}k`]],
    sweeps.heldOut[set.name].map((curve) => [
      curve.strategy,
      // A strategy without a trigger has one point, the same at every trigger.
      ...[...fractions, documentedTrigger].map((_, index) => {
        const point = curve.triggered ? curve.points[index] : curve.points[0];
        return `${fmt(point.inputTokensRatio)} / ${fmt(point.costCachedRatio)} / ${(point.hiddenFactRate * 100).toFixed(1)}%`;
      }),
    ]),
  );
  print(
    `each peer at its best trigger chosen on the tuning half, ${set.name}, held-out half (native, agents' rule):`,
    ['strategy', 'trigger', 'tuning cost cached ×', 'held-out input ×', 'held-out cost cached ×'],
    Object.entries(chosen[set.name]).map(([name, choice]) => [
      name,
      choice.trigger,
      fmt(choice.tuning.costCachedRatio),
      fmt(choice.heldOut.inputTokensRatio),
      fmt(choice.heldOut.costCachedRatio),
    ]),
  );
}
for (const set of sets) {
  const { dominatedBy } = frontier[set.name];
  console.log(
    `\n${set.name}, held out: ${
      dominatedBy.length === 0
        ? `no configuration beats ${kiokuName} on input tokens, cached cost and hidden facts at once`
        : `beaten on all three by ${dominatedBy.map((row) => `${row.name} (${row.label ?? row.breakpoints})`).join(', ')}`
    }`,
  );
}
console.log(
  neverWorse.length === 0
    ? `\nnever worse: ${kiokuName} with its own breakpoints costs at most the unmanaged history on every set and pricing`
    : `\nNEVER-WORSE VIOLATED by ${kiokuName} with its own breakpoints: ${neverWorse.join('; ')}`,
);
console.log(
  `\nper-run worst of ${kiokuName} with its own breakpoints (held-out runs, cost cached × the same run unmanaged):`,
);
for (const [column, { run, ratio }] of Object.entries(worstRuns))
  console.log(`  ${column}: ${ratio}× (${run})`);
console.log(
  `\n* kioku's default. Its rows under the agents' rule are replay-only: it removes a caller's breakpoints and sends its own (frontier). Ratios are to unmanaged, measured in the same run.\nwrote ${output} in ${report.seconds} s (${report.cpuSeconds} s CPU)`,
);
