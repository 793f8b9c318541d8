// Chooses kioku's default on the frontier of cost and hidden facts (issue 12, item 4; re-picked for issue 25,
// item 2 with the measure that counts what the agent used). Every candidate configuration of
// `kiokuDefault(options)` (some after clearing whole old tool exchanges at a low trigger, as the AI SDK
// recipe does), the AI SDK recipe itself at triggers of 0.05–0.3 of the window, naive masking M=10 (the
// paper's) and the unmanaged history measured in the same run are replayed call by call over the five dev
// sets (mini-swe-agent deepseek-chat, OpenHands claude-3.5-sonnet, tau-bench airline gpt-4o, tau2-bench
// gpt-4.1, ExCyTIn/SecRL SQL investigations) under three pricings: each model's own (native), Claude 3.5
// Sonnet's (Anthropic caching rules and prices) and Anthropic-style (Anthropic's caching rules over each
// model's prices: write 1.25×, read 0.1×). Costs are input costs (output left out: it is the same for every
// strategy), cache writes and reads priced. Fidelity (the replay engine's measure, `fidelityMeter`): the
// hidden-fact rate (share of calls whose prompt hid a fact the agent's answer — its text, calls and
// reasoning — drew only from tool outputs or its own earlier tool inputs), the same of tool outputs alone
// (`hiddenOutputFactRate`), and the write-argument hidden rate (share of calls of state-changing tools
// whose arguments carry one).
// Targets, per candidate, on each half: on every set, input cached cost ≤ 1.00× unmanaged under all three
// pricings; on the long-run sets (mini-swe-agent, OpenHands) pooled input tokens ≤ 0.50× and input cached
// cost ≤ 0.80× under all three; hidden-fact rate and write-argument hidden rate ≤ naive masking M=10's;
// the worst single run ≤ 1.15× its unmanaged replay (printed per workload and pricing; 1.10 in the first
// round).
// Strategies work within each model's own context window under every pricing. Each set's replays under
// each pricing run in a child process of their own, FRONTIER_PROCESSES at a time (default 6); CPU seconds
// of the children are recorded beside the wall time.
// Halves: within each set, runs sorted by id; even positions are the pick half, odd the held-out half.
// The default is picked on the pick half only; both halves are reported. The pick, written before the
// run (second round: the per-run bound and every set added): never worse than doing nothing is a hard
// constraint — a candidate whose input cached cost is above 1.00× unmanaged on any workload of the pick
// half under any pricing, or whose worst single run of the pick half is above 1.15× its unmanaged replay,
// is not picked, whatever else it meets; then the candidate the fewest peer configurations beat on any
// set of the pick half (fewer tokens, lower cached cost under every pricing and fewer hidden facts at
// once); then the fewest missed targets; then the cheapest pooled long-run cached cost (Anthropic-style).
// A workload is a set, or the part of one from one agent, model or domain (tau2-bench airline / retail /
// telecom; ExCyTIn o4-mini and SecRL gpt-5 in the SQL set: dev-sets.mjs). Each half records, per workload
// and candidate, whether never-worse holds; a violation of the chosen candidate on either half is printed.
// Run from the repository root after `npm run build`: `node bench/strategies/default-frontier.mjs`.
// Prints tables and writes bench/results/strategies-default-frontier.json.
import { fork } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { counterForModel, kiokuDefault, pipeline, thresholdTrigger } from 'kioku';
import {
  aiSdkPruneMessages,
  analyzeStrategies,
  baselineCatalog,
  resolvePricing,
  unmanagedBaseline,
} from 'kioku/replay';
import { loadModelOverrides } from 'kioku/strategies';
import { loadDevSets } from './dev-sets.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const output = join(root, 'bench/results/strategies-default-frontier.json');
const pricings = {
  native: undefined,
  claude: 'claude-3-5-sonnet-20241022',
  'anthropic-style': 'anthropic-style',
};
/**
 * `perRunWorst`: the highest input cached cost of one run against its unmanaged replay, any workload and
 * pricing. 1.10 was the first round's aim, missed (1.113×, a mini-swe-agent run under Claude's prices);
 * this round sets 1.15 before the run and makes it a hard constraint of the pick on the pick half: a rewrite
 * priced to pay back over the calls expected to remain loses its cache write when a run ends sooner, so
 * no rule that rewrites can promise 1.00 per run.
 */
const targets = { costCachedEverySet: 1, longInputTokens: 0.5, longCostCached: 0.8, perRunWorst: 1.15 };

/**
 * The candidates: `kiokuDefault` options (the chosen one becomes its defaults). Every option a candidate
 * relies on is written out, so the figures do not change with `kiokuDefault`'s defaults. The tool-aware
 * rules (`observationMasking`): `skipKnown`, digests leave out values the agent already holds outside tool
 * outputs; `maskRepeated`, an output superseded by the same call made again is masked at the next batch;
 * `keepReferenced`, outputs the agent drew values from stay longer (Infinity: for good), limited to
 * `lookupTokens` and, with `structuredOnly`, to structured records (JSON, bracketed lists), not logs or
 * file views. The exploration run committed with bf5668f also replayed the previous default, `skipKnown`
 * alone, `maskRepeated`, a finite `keepReferenced` (10), a 128-token threshold and payback horizons of
 * 0.75; each missed more targets on the pick half than the candidates kept here, so the final run leaves
 * them out.
 */
const masking = {
  keep: 2,
  batchSize: 4,
  minTokens: 256,
  digestCharacters: 320,
  keepReferenced: 2,
  skipKnown: false,
  maskRepeated: false,
  clearInputs: true,
};
/** Referenced lookups kept for good: structured records under 512 tokens whose values the agent used. */
const lookups = {
  skipKnown: true,
  keepReferenced: Number.POSITIVE_INFINITY,
  lookupTokens: 512,
  structuredOnly: true,
};
/** Today's default (ef2e0b1 … 2749850): the configuration the earlier measure chose. */
const current = { ...masking, ...lookups, minTokens: 64, payback: { horizon: 0.25 } };
/** The agent's own tool inputs kept: the new measure counts what input clearing hides of them. */
const keepInputs = { clearInputs: false };
/**
 * The candidates of this run (issue 25, item 2, second round). The first round (42a2bbc) kept today's default: every keep-inputs candidate cost more than unmanaged on the SecRL gpt-5
 * questions (1.0007× pick, 1.034× held out: runs of 10 to 17 calls end before a masking rewrite pays back at
 * a payback horizon of 0.25), and whole-exchange clearing at 0.2 of the window then masking matched the
 * default's cost with fewer hidden facts. This round, written before the run, targets those misses: inputs
 * kept (what hides the agent's own inputs) at shorter payback horizons (0.15, 0.1: a rewrite must pay back
 * sooner, so short runs are left unmanaged), with and without whole-exchange clearing at 0.15 or 0.2 of the
 * window; today's default (as shipped) and last round's runner-up (prune-0.2 … h0.25, inputs kept) stay as
 * references, with today's default at horizon 0.15 beside it.
 */
const candidates = {
  'min-64+skip-known+lookups-512+payback-h0.25': current,
  'min-64+skip-known+lookups-512+payback-h0.15': { ...current, payback: { horizon: 0.15 } },
  'min-64+skip-known+lookups-512+payback-h0.15+keep-inputs': {
    ...current,
    ...keepInputs,
    payback: { horizon: 0.15 },
  },
  'min-64+skip-known+lookups-512+payback-h0.1+keep-inputs': {
    ...current,
    ...keepInputs,
    payback: { horizon: 0.1 },
  },
  'prune-0.2+min-64+skip-known+lookups-512+payback-h0.25+keep-inputs': {
    ...current,
    ...keepInputs,
    pruneAt: 0.2,
  },
  'prune-0.2+min-64+skip-known+lookups-512+payback-h0.15+keep-inputs': {
    ...current,
    ...keepInputs,
    payback: { horizon: 0.15 },
    pruneAt: 0.2,
  },
  'prune-0.2+min-64+skip-known+lookups-512+payback-h0.1+keep-inputs': {
    ...current,
    ...keepInputs,
    payback: { horizon: 0.1 },
    pruneAt: 0.2,
  },
  'prune-0.15+min-64+skip-known+lookups-512+payback-h0.15+keep-inputs': {
    ...current,
    ...keepInputs,
    payback: { horizon: 0.15 },
    pruneAt: 0.15,
  },
};
/**
 * A candidate's strategy as the middleware runs it: `kiokuDefault(options)` with its summaries (priced by the
 * summary-cost model, `summarizer: 'estimated'`, as `kioku analyze` replays it) under the middleware's
 * `thresholdTrigger()` (a summary at 80% of the usable window), after whole-exchange clearing when `pruneAt`
 * is set.
 */
function candidate({ pruneAt, ...options }) {
  const strategy = kiokuDefault({ ...options, summarizer: 'estimated' });
  return pruneAt === undefined
    ? strategy
    : pipeline(aiSdkPruneMessages({ threshold: { fraction: pruneAt } }), strategy);
}
/**
 * The peer configurations that clear whole old exchanges, swept over the AI SDK recipe's low triggers
 * (issue 25: 0.15–0.3 of the window sent fewer tokens, cost less and hid fewer facts than the default out
 * of sample). No candidate they beat on tokens, cached cost (every pricing) and hidden facts at once on a
 * long-run set is picked while another is not beaten.
 */
const peerFractions = [0.05, 0.1, 0.15, 0.2, 0.3];
const peers = Object.fromEntries(
  peerFractions.map((fraction) => [
    `ai-sdk-prune-messages@${fraction}`,
    () => aiSdkPruneMessages({ threshold: { fraction } }),
  ]),
);
/**
 * Tools whose calls change state (a booking, an edit, a submitted answer): the write-argument hidden rate
 * is the share of their calls whose arguments carry a fact only a hidden output held. mini-swe-agent's one
 * `bash` tool reads and writes alike, so that set has no write rate.
 */
const writeTool =
  /^(?:book|update|cancel|modify|exchange|return|send|transfer|toggle|set|enable|disable|reset|refuel|grant|suspend|resume|make|str_replace_editor$|submit$)/;
const naive = 'naive-masking-10';
const named = (strategy, name) => ({ ...strategy, name });
const strategies = [
  ...Object.entries(candidates).map(([name, options]) => named(candidate(options), name)),
  ...Object.entries(peers).map(([name, create]) => named(create(), name)),
  baselineCatalog.find((entry) => entry.name === naive).create(),
];
const unmanaged = unmanagedBaseline();
const counters = new Map();
const counterOf = (model) => {
  if (!counters.has(model)) counters.set(model, counterForModel(model));
  return counters.get(model);
};
const modelOf = (set, transcript) =>
  transcript.model ?? set.model ?? transcript.calls.find((call) => call.model)?.model;
const round = (value, digits = 4) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : null);

/** One row per replay under one pricing: tokens, input cost with caching priced, and the fidelity figures. */
async function replaySet(set, pricingName) {
  const overrides =
    set.pricingOverrides === undefined ? undefined : await loadModelOverrides(set.pricingOverrides);
  const ids = set.transcripts.map((transcript) => transcript.id).sort();
  const half = new Map(ids.map((id, index) => [id, index % 2 === 0 ? 'pick' : 'held-out']));
  const rows = [];
  const pricing = pricings[pricingName];
  const pricingOf = (transcript) => resolvePricing({ modelId: modelOf(set, transcript), pricing, overrides });
  const started = Date.now();
  const analysis = await analyzeStrategies({
    transcripts: set.transcripts.map((transcript) => ({
      ...transcript,
      model: modelOf(set, transcript),
    })),
    baseline: unmanaged,
    strategies,
    pricingFor: pricingOf,
    counterFor: (transcript) => counterOf(transcript.model),
    budgetFor: (transcript) => ({
      contextWindow: resolvePricing({ modelId: transcript.model, overrides }).model.contextWindow,
    }),
    // The candidates run under the middleware's trigger, as shipped; the peers bring their own.
    trigger: (strategy) => (strategy.name in candidates ? thresholdTrigger() : undefined),
  });
  process.stderr.write(`${set.name} ${pricingName}: ${Math.round((Date.now() - started) / 1000)} s\n`);
  for (const replay of analysis.replays) {
    const transcript = set.transcripts.find(
      (each) => each.file === replay.transcript.file && each.id === replay.transcript.id,
    );
    const outputCost = replay.totals.outputTokens * pricingOf(transcript).model.price.outputPerToken;
    rows.push({
      set: set.name,
      // Runs are known by file and id: the SQL set's incidents number their questions alike (q0, q1 …).
      id: `${replay.transcript.file}#${replay.transcript.id}`,
      workload: set.workload(transcript),
      long: set.long,
      half: half.get(replay.transcript.id),
      pricing: pricingName,
      strategy: replay.strategy,
      calls: replay.totals.calls,
      inputTokens: replay.totals.inputTokens,
      inputCostCached: replay.totals.costCached - outputCost,
      violations: replay.totals.violations,
      // Summaries the strategy itself called for (estimated: priced by the summary-cost model).
      strategyCalls: replay.totals.strategyCalls,
      ...fidelityCounts(replay.totals.fidelity),
    });
  }
  return rows;
}

/** The fidelity counts of a replay: calls with a hidden fact, and write calls with a hidden argument. */
function fidelityCounts(fidelity) {
  const writes = Object.entries(fidelity.toolCalls).filter(([toolName]) => writeTool.test(toolName));
  return {
    measuredCalls: fidelity.calls,
    callsWithHiddenFact: fidelity.callsWithHiddenFact,
    callsWithHiddenOutputFact: fidelity.callsWithHiddenOutputFact,
    writeCalls: writes.reduce((total, [, tool]) => total + tool.calls, 0),
    writeCallsWithHiddenFact: writes.reduce((total, [, tool]) => total + tool.withHiddenFact, 0),
  };
}

const sum = (rows, key) => rows.reduce((total, row) => total + row[key], 0);

/** Per set, half and strategy: ratios to the unmanaged rows of the same runs, under each pricing. */
function figures(rows) {
  const result = {};
  const sets = [...new Set(rows.map((row) => row.set))];
  const names = [...new Set(rows.map((row) => row.strategy))].filter((name) => name !== 'unmanaged');
  for (const halfName of ['pick', 'held-out']) {
    result[halfName] = {};
    for (const set of sets) {
      result[halfName][set] = {};
      const mine = rows.filter((row) => row.set === set && row.half === halfName);
      const base = (pricing) => mine.filter((row) => row.strategy === 'unmanaged' && row.pricing === pricing);
      for (const name of names) {
        const of = (pricing) => mine.filter((row) => row.strategy === name && row.pricing === pricing);
        const entry = {
          runs: of('native').length,
          inputTokensRatio: round(sum(of('native'), 'inputTokens') / sum(base('native'), 'inputTokens')),
          violations: sum(of('native'), 'violations'),
          summaryCalls: sum(of('native'), 'strategyCalls'),
          hiddenFactRate: round(
            sum(of('native'), 'callsWithHiddenFact') / sum(of('native'), 'measuredCalls'),
          ),
          // The same of facts tool outputs alone held: what the agent's own earlier inputs add is the gap.
          hiddenOutputFactRate: round(
            sum(of('native'), 'callsWithHiddenOutputFact') / sum(of('native'), 'measuredCalls'),
          ),
          writeCalls: sum(of('native'), 'writeCalls'),
          writeHiddenRate: round(
            sum(of('native'), 'writeCallsWithHiddenFact') / sum(of('native'), 'writeCalls'),
          ),
        };
        for (const pricing of Object.keys(pricings)) {
          entry[`costCachedRatio_${pricing}`] = round(
            sum(of(pricing), 'inputCostCached') / sum(base(pricing), 'inputCostCached'),
          );
        }
        result[halfName][set][name] = entry;
      }
    }
    // The long-run sets pooled: tokens and cost summed over both sets before dividing.
    result[halfName]['long-run sets pooled'] = {};
    const long = rows.filter((row) => row.long && row.half === halfName);
    for (const name of names) {
      const of = (pricing, strategy = name) =>
        long.filter((row) => row.strategy === strategy && row.pricing === pricing);
      const entry = {
        inputTokensRatio: round(
          sum(of('native'), 'inputTokens') / sum(of('native', 'unmanaged'), 'inputTokens'),
        ),
      };
      for (const pricing of Object.keys(pricings)) {
        entry[`costCachedRatio_${pricing}`] = round(
          sum(of(pricing), 'inputCostCached') / sum(of(pricing, 'unmanaged'), 'inputCostCached'),
        );
      }
      result[halfName]['long-run sets pooled'][name] = entry;
    }
  }
  return result;
}

/**
 * Per half, workload (`workload` of dev-sets.mjs: a set, or a part of one from another agent, model or
 * domain) and strategy: the input cached cost as a ratio to the unmanaged rows of the same runs, under each
 * pricing. A set costs at most the unmanaged history when each of its workloads does.
 */
function workloadFigures(rows) {
  const result = {};
  const names = [...new Set(rows.map((row) => row.strategy))].filter((name) => name !== 'unmanaged');
  for (const halfName of ['pick', 'held-out']) {
    result[halfName] = {};
    for (const workload of [...new Set(rows.map((row) => row.workload))]) {
      const mine = rows.filter((row) => row.workload === workload && row.half === halfName);
      const of = (strategy, pricing) =>
        mine.filter((row) => row.strategy === strategy && row.pricing === pricing);
      result[halfName][workload] = Object.fromEntries(
        names.map((name) => [
          name,
          Object.fromEntries(
            Object.keys(pricings).map((pricing) => [
              pricing,
              round(
                sum(of(name, pricing), 'inputCostCached') / sum(of('unmanaged', pricing), 'inputCostCached'),
              ),
            ]),
          ),
        ]),
      );
    }
  }
  return result;
}

/** The workloads (and pricings) where a candidate costs more than the unmanaged history on one half. */
function worseThanNothing(half, name) {
  const worse = [];
  for (const [workload, byStrategy] of Object.entries(half)) {
    for (const [pricing, cost] of Object.entries(byStrategy[name])) {
      if (cost > targets.costCachedEverySet)
        worse.push(`${workload}: cached cost ${cost} > 1.00 (${pricing})`);
    }
  }
  return worse;
}

/** Per workload: whether the candidate's cached cost is at most the unmanaged one's under every pricing. */
function neverWorseByWorkload(half, name) {
  return Object.fromEntries(
    Object.entries(half).map(([workload, byStrategy]) => [
      workload,
      Object.values(byStrategy[name]).every((cost) => cost <= targets.costCachedEverySet),
    ]),
  );
}

/** Which targets a candidate misses on one half. */
function misses(half, name) {
  const missed = [];
  for (const [set, byStrategy] of Object.entries(half)) {
    const entry = byStrategy[name];
    for (const pricing of Object.keys(pricings)) {
      const cost = entry[`costCachedRatio_${pricing}`];
      if (set === 'long-run sets pooled') {
        if (cost > targets.longCostCached) missed.push(`${set}: cached cost ${cost} > 0.80 (${pricing})`);
      } else if (cost > targets.costCachedEverySet) {
        missed.push(`${set}: cached cost ${cost} > 1.00 (${pricing})`);
      }
    }
    if (set === 'long-run sets pooled' && entry.inputTokensRatio > targets.longInputTokens) {
      missed.push(`${set}: input tokens ${entry.inputTokensRatio} > 0.50`);
    }
    if (entry.violations > 0) missed.push(`${set}: ${entry.violations} violations`);
    if (set === 'long-run sets pooled') continue;
    const reference = byStrategy[naive];
    if (entry.hiddenFactRate > reference.hiddenFactRate) {
      missed.push(`${set}: hidden-fact rate ${entry.hiddenFactRate} > ${reference.hiddenFactRate} (M=10)`);
    }
    if (entry.writeHiddenRate !== null && entry.writeHiddenRate > reference.writeHiddenRate) {
      missed.push(
        `${set}: write-argument hidden rate ${entry.writeHiddenRate} > ${reference.writeHiddenRate} (M=10)`,
      );
    }
  }
  return missed;
}

/**
 * The peer configurations (`peers`) that beat a candidate on a set of one half: fewer input
 * tokens, a lower input cached cost under every pricing and a lower hidden-fact rate, all at once.
 */
function dominatedBy(half, name, sets) {
  const beaten = [];
  for (const set of sets) {
    const mine = half[set][name];
    for (const peer of Object.keys(peers)) {
      const other = half[set][peer];
      if (
        other.inputTokensRatio < mine.inputTokensRatio &&
        Object.keys(pricings).every(
          (pricing) => other[`costCachedRatio_${pricing}`] < mine[`costCachedRatio_${pricing}`],
        ) &&
        other.hiddenFactRate < mine.hiddenFactRate
      )
        beaten.push(`${set}: ${peer}`);
    }
  }
  return beaten;
}

/**
 * Per half, workload and pricing: the run of `name` whose input cached cost is highest against the
 * unmanaged replay of the same run, with that ratio (runs too short to cost anything are left out).
 */
function perRunWorst(rows, name) {
  const result = {};
  for (const halfName of ['pick', 'held-out']) {
    result[halfName] = {};
    for (const workload of [...new Set(rows.map((row) => row.workload))]) {
      result[halfName][workload] = {};
      for (const pricing of Object.keys(pricings)) {
        const mine = rows.filter(
          (row) => row.workload === workload && row.half === halfName && row.pricing === pricing,
        );
        const base = new Map(
          mine.filter((row) => row.strategy === 'unmanaged').map((row) => [row.id, row.inputCostCached]),
        );
        let worst = { id: null, ratio: null };
        for (const row of mine.filter((each) => each.strategy === name)) {
          const reference = base.get(row.id);
          if (!(reference > 0)) continue;
          const ratio = row.inputCostCached / reference;
          if (worst.ratio === null || ratio > worst.ratio) worst = { id: row.id, ratio: round(ratio) };
        }
        result[halfName][workload][pricing] = worst;
      }
    }
  }
  return result;
}

// One child process per set and pricing, a few at a time (run side by side, they share the machine fairly).
if (process.env.FRONTIER_JOB !== undefined) {
  const { set: setName, pricing: pricingName } = JSON.parse(process.env.FRONTIER_JOB);
  const set = (await loadDevSets()).find((each) => each.name === setName);
  const rows = await replaySet(set, pricingName);
  const { user, system } = process.cpuUsage();
  await writeFile(process.env.FRONTIER_ROWS, JSON.stringify({ rows, cpuSeconds: (user + system) / 1e6 }));
  process.exit(0);
}
const setNames = (await loadDevSets()).map((set) => set.name);
const jobs = setNames.flatMap((set) => Object.keys(pricings).map((pricing) => ({ set, pricing })));
const scratch = await mkdtemp(join(tmpdir(), 'kioku-frontier-'));
const started = Date.now();
const parts = new Array(jobs.length);
let cpuSeconds = 0;
let next = 0;
async function worker() {
  while (next < jobs.length) {
    const index = next;
    next += 1;
    const file = join(scratch, `${index}.json`);
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, FRONTIER_JOB: JSON.stringify(jobs[index]), FRONTIER_ROWS: file },
    });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    if (code !== 0) throw new Error(`the replays of ${JSON.stringify(jobs[index])} exited with ${code}`);
    const part = JSON.parse(await readFile(file, 'utf8'));
    parts[index] = part.rows;
    cpuSeconds += part.cpuSeconds;
  }
}
await Promise.all(Array.from({ length: Number(process.env.FRONTIER_PROCESSES ?? 6) }, worker));
await rm(scratch, { recursive: true });
const rows = parts.flat();
const seconds = Math.round((Date.now() - started) / 1000);
const byHalf = figures(rows);
const byWorkload = workloadFigures(rows);
const names = Object.keys(candidates);
const checks = Object.fromEntries(
  ['pick', 'held-out'].map((halfName) => [
    halfName,
    Object.fromEntries(names.map((name) => [name, misses(byHalf[halfName], name)])),
  ]),
);
const neverWorse = Object.fromEntries(
  ['pick', 'held-out'].map((halfName) => [
    halfName,
    Object.fromEntries(names.map((name) => [name, neverWorseByWorkload(byWorkload[halfName], name)])),
  ]),
);
// Pick: among the candidates never worse than unmanaged on any workload of the pick half and whose worst
// run of the pick half is within `targets.perRunWorst` (hard constraints), the one the fewest peer
// configurations beat on a set of the pick half (tokens, cached cost and hidden facts at once), then the
// one that misses fewest targets on the pick half, then the cheapest pooled long-run cached cost
// (Anthropic-style, the strictest caching rules).
const everySet = [...new Set(rows.map((row) => row.set))];
const beatenBy = Object.fromEntries(
  ['pick', 'held-out'].map((halfName) => [
    halfName,
    Object.fromEntries(names.map((name) => [name, dominatedBy(byHalf[halfName], name, everySet)])),
  ]),
);
const worstRuns = Object.fromEntries(names.map((name) => [name, perRunWorst(rows, name)]));
/** The highest per-run ratio of a candidate on one half, every workload and pricing. */
const worstOf = (name, halfName) =>
  Math.max(
    ...Object.values(worstRuns[name][halfName]).flatMap((byPricing) =>
      Object.values(byPricing).map(({ ratio }) => ratio ?? 0),
    ),
  );
const longPick = byHalf.pick['long-run sets pooled'];
const neverWorsePick = names.filter((name) => worseThanNothing(byWorkload.pick, name).length === 0);
const eligible = neverWorsePick.filter((name) => worstOf(name, 'pick') <= targets.perRunWorst);
const pool = eligible.length > 0 ? eligible : neverWorsePick.length > 0 ? neverWorsePick : names;
const chosen = [...pool].sort(
  (a, b) =>
    beatenBy.pick[a].length - beatenBy.pick[b].length ||
    checks.pick[a].length - checks.pick[b].length ||
    longPick[a]['costCachedRatio_anthropic-style'] - longPick[b]['costCachedRatio_anthropic-style'],
)[0];

for (const halfName of ['pick', 'held-out']) {
  console.log(`\n${halfName} half`);
  console.log(
    `${'set'.padEnd(30)} ${'strategy'.padEnd(36)} tokens×  native×  claude×  anth-style×  hidden  hidden-outputs  write-hidden`,
  );
  for (const [set, byStrategy] of Object.entries(byHalf[halfName])) {
    for (const [name, entry] of Object.entries(byStrategy)) {
      console.log(
        `${set.padEnd(30)} ${name.padEnd(36)} ${String(entry.inputTokensRatio).padEnd(8)} ${String(entry.costCachedRatio_native).padEnd(7)} ${String(entry.costCachedRatio_claude).padEnd(8)} ${String(entry['costCachedRatio_anthropic-style']).padEnd(12)} ${String(entry.hiddenFactRate ?? '').padEnd(7)} ${String(entry.hiddenOutputFactRate ?? '').padEnd(7)} ${entry.writeHiddenRate ?? ''}`,
      );
    }
  }
}
for (const halfName of ['pick', 'held-out']) {
  console.log(
    `\n${halfName} half, input cached cost × unmanaged per workload (native / claude / anthropic-style)`,
  );
  for (const [workload, byStrategy] of Object.entries(byWorkload[halfName])) {
    for (const [name, costs] of Object.entries(byStrategy)) {
      console.log(`${workload.padEnd(32)} ${name.padEnd(48)} ${Object.values(costs).join(' / ')}`);
    }
  }
}
console.log(
  `\nnever worse than unmanaged on every workload of the pick half: ${neverWorsePick.join(', ') || 'none'}`,
);
console.log(
  `and worst run of the pick half ≤ ${targets.perRunWorst}×: ${eligible.map((name) => `${name} (${worstOf(name, 'pick')}×)`).join(', ') || 'none'}`,
);
console.log(`chosen on the pick half: ${chosen}`);
for (const halfName of ['pick', 'held-out']) {
  console.log(
    `${halfName}: beaten by ${beatenBy[halfName][chosen].length === 0 ? 'no peer configuration' : beatenBy[halfName][chosen].join('; ')}`,
  );
}
for (const halfName of ['pick', 'held-out']) {
  console.log(
    `\n${halfName} half, the chosen candidate's worst run per workload (native / claude / anthropic-style)`,
  );
  for (const [workload, byPricing] of Object.entries(worstRuns[chosen][halfName])) {
    console.log(
      `${workload.padEnd(32)} ${Object.values(byPricing)
        .map(({ id, ratio }) => `${ratio}× (${id})`)
        .join(' / ')}`,
    );
  }
}
const runTarget = targets.perRunWorst;
for (const halfName of ['pick', 'held-out']) {
  const worstRun = worstOf(chosen, halfName);
  console.log(
    `per-run worst of the chosen candidate, ${halfName} half, every pricing: ${worstRun}× (target ≤ ${runTarget}×: ${worstRun <= runTarget ? 'met' : 'MISSED'})`,
  );
}
for (const halfName of ['pick', 'held-out']) {
  console.log(
    `${halfName}: misses ${checks[halfName][chosen].length === 0 ? 'none' : checks[halfName][chosen].join('; ')}`,
  );
}
const violations = ['pick', 'held-out'].flatMap((halfName) =>
  worseThanNothing(byWorkload[halfName], chosen).map((violation) => `${halfName}: ${violation}`),
);
console.log(
  violations.length === 0
    ? 'never worse: the chosen candidate costs at most the unmanaged history on every workload, both halves, every pricing'
    : `NEVER-WORSE VIOLATED by the chosen candidate: ${violations.join('; ')}`,
);

await mkdir(dirname(output), { recursive: true });
await writeFile(
  output,
  `${JSON.stringify(
    {
      generatedAt: new Date().toISOString(),
      seconds,
      cpuSeconds: Math.round(cpuSeconds),
      pricings: Object.fromEntries(
        Object.entries(pricings).map(([name, value]) => [name, value ?? "each model's own"]),
      ),
      targets,
      halves: 'within each set, runs sorted by id: even positions pick, odd held-out',
      measure:
        'hiddenFactRate: calls whose prompt hid a fact the answer (text, calls and reasoning) drew from a tool output or an earlier tool input of the agent (issue 25 item 1)',
      candidates: JSON.parse(
        JSON.stringify(candidates, (_, value) => (value === Number.POSITIVE_INFINITY ? 'Infinity' : value)),
      ),
      pick: 'never worse than unmanaged on every workload of the pick half under every pricing and worst single run of the pick half within targets.perRunWorst (hard), then beaten by the fewest peer configurations on a set (tokens, cached cost under every pricing and hidden-fact rate at once), then fewest misses, then the cheapest pooled long-run cached cost (Anthropic-style)',
      eligible,
      worstRunByHalf: Object.fromEntries(
        names.map((name) => [name, { pick: worstOf(name, 'pick'), 'held-out': worstOf(name, 'held-out') }]),
      ),
      chosen,
      neverWorseViolations: violations,
      peers: Object.keys(peers),
      beatenBy,
      perRunWorst: worstRuns,
      neverWorse,
      misses: checks,
      figures: byHalf,
      workloads: byWorkload,
    },
    null,
    2,
  )}\n`,
);
console.log(`wrote ${output}`);
