// Issue 24 item 2: `kioku analyze` counts each distinct content once across strategies and breakpoint
// policies (one content-keyed `cachedCounter` per transcript, shared by every replay). Measured here in
// one process, in the same run, against the same replays each with a counter cache of its own (what
// analyze did before the counter was shared: each strategy's copies counted again): analyze's replays
// (every catalog strategy and the unmanaged baseline, under the frontier and the agent breakpoint
// policies, the peers' trigger at analyze's default fraction), calls replayed per CPU-second
// (`process.cpuUsage`: the machine is shared), the two modes alternated over `rounds` rounds, the best
// round of each kept. Sets: the samples analyze ships and, when ../shared is there, shared trajectories
// (six tau-bench gpt-4o runs, three mini-swe-agent deepseek-chat runs). Target: >= 3x calls per
// CPU-second. Also the heap the shared counter holds per transcript after its replays (a full GC before
// and after, in a pass of its own, untimed).
// Fails (exit 1) when the shared counter is under 3x on any set, or when the two modes' replays differ
// (input tokens and cost of every replay must be identical).
// Run from the repository root after `npm run build`: `node --expose-gc bench/compaction/analyze-shared-counter.mjs`.
// Writes bench/results/analyze-shared-counter.json.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cachedCounter, counterForModel } from 'kioku';
import {
  baselineCatalog,
  fidelityMeter,
  peerTriggerFraction,
  replayTranscript,
  resolvePricing,
  unmanagedBaseline,
} from 'kioku/replay';
import { trajectoriesDir } from 'kioku/test';
import { loadTranscripts } from 'kioku/transcripts';
import { loadDeepSeekSet } from '../tokens/load-sets.mjs';

const rounds = Number(process.env.KIOKU_BENCH_ROUNDS ?? 2);
const target = 3;
const policies = ['frontier', 'agent'];
const root = new URL('../../', import.meta.url).pathname;

async function load(name, paths, { model, limit = Number.POSITIVE_INFINITY } = {}) {
  const { transcripts, errors } = await loadTranscripts(paths);
  if (errors.length > 0)
    throw new Error(`${name}: ${errors.map(({ file, error }) => `${file}: ${error.message}`).join('\n')}`);
  return { name, model, transcripts: transcripts.filter((t) => t.calls.length > 0).slice(0, limit) };
}

const sets = [
  await load('samples', [
    join(root, 'samples/soc-investigation.json'),
    join(root, 'samples/pydicom__pydicom-901.traj.json'),
    join(root, 'samples/openhands'),
  ]),
];
if (existsSync(trajectoriesDir)) {
  sets.push(
    await load(
      'tau-bench airline gpt-4o',
      [join(trajectoriesDir, 'tau-bench/historical_trajectories/gpt-4o-airline.json')],
      {
        model: 'gpt-4o',
        limit: 6,
      },
    ),
  );
  const deepseek = await loadDeepSeekSet();
  sets.push({ name: deepseek.name, model: 'deepseek-chat', transcripts: deepseek.transcripts.slice(0, 3) });
} else {
  console.error(`../shared is absent (${trajectoriesDir}): the samples alone are measured`);
}

const modelOf = (set, transcript) =>
  set.model ??
  transcript.model ??
  transcript.calls.find((call) => call.model !== undefined)?.model ??
  'gpt-4o';
const trigger = { fraction: peerTriggerFraction };
const strategies = () => [unmanagedBaseline(), ...baselineCatalog.map((entry) => entry.create({ trigger }))];
const own = new Set(baselineCatalog.flatMap((entry) => (entry.breakpoints === 'own' ? [entry.name] : [])));

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const heap = () => {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
};

/**
 * Replays the set as analyze does; `shared`: one counter per transcript, else one per replay. With
 * `measureHeap` (shared only, untimed), the heap the counter holds after each transcript's replays.
 */
async function replaySet(set, shared, measureHeap = false) {
  let calls = 0;
  const figures = [];
  let keptBytes = 0;
  // One fidelity meter for the set's replays, as analyze has.
  const fidelity = fidelityMeter();
  const started = cpu();
  for (const transcript of set.transcripts) {
    const model = modelOf(set, transcript);
    const pricing = resolvePricing({ modelId: model });
    const budget = { contextWindow: pricing.model.contextWindow };
    const before = measureHeap ? heap() : 0;
    const sharedCounter = cachedCounter(counterForModel(model), { byContent: true });
    for (const policy of policies) {
      for (const strategy of strategies()) {
        const counter = shared ? sharedCounter : cachedCounter(counterForModel(model), { byContent: true });
        const replay = await replayTranscript({
          transcript,
          strategy,
          counter,
          pricing,
          budget,
          fidelity,
          breakpoints: own.has(strategy.name) && policy !== 'none' ? 'own' : policy,
        });
        calls += replay.calls.length;
        figures.push(`${strategy.name}/${policy}: ${replay.totals.inputTokens} ${replay.totals.costCached}`);
      }
    }
    if (measureHeap) {
      const after = heap();
      keptBytes += after - before;
      // Kept alive through the measure.
      if (sharedCounter.family === '') throw new Error('unreachable');
    }
  }
  const seconds = cpu() - started;
  return { calls, seconds, figures, keptBytes };
}

const rows = [];
const violations = [];
for (const set of sets) {
  const best = { shared: undefined, own: undefined };
  for (let round = 0; round < rounds; round += 1) {
    for (const mode of round % 2 === 0 ? ['own', 'shared'] : ['shared', 'own']) {
      const run = await replaySet(set, mode === 'shared');
      if (best[mode] === undefined || run.seconds < best[mode].seconds) best[mode] = run;
    }
  }
  const kept = await replaySet(set, true, true);
  const perSecond = (run) => run.calls / Math.max(run.seconds, 1e-6);
  const ratio = perSecond(best.shared) / perSecond(best.own);
  const same = best.shared.figures.join('\n') === best.own.figures.join('\n');
  const row = {
    set: set.name,
    transcripts: set.transcripts.length,
    replays: best.shared.figures.length,
    callsReplayed: best.shared.calls,
    ownCounter: { cpuSeconds: round3(best.own.seconds), callsPerCpuSecond: round3(perSecond(best.own)) },
    sharedCounter: {
      cpuSeconds: round3(best.shared.seconds),
      callsPerCpuSecond: round3(perSecond(best.shared)),
      heapKeptMb: round3(kept.keptBytes / 2 ** 20),
    },
    ratio: round3(ratio),
    identicalReplays: same,
  };
  rows.push(row);
  if (!same) violations.push(`${set.name}: the replays differ between the two counters`);
  if (ratio < target)
    violations.push(`${set.name}: ${row.ratio}x calls per CPU-second (target >= ${target}x)`);
}

function round3(value) {
  return Math.round(value * 1000) / 1000;
}

const result = {
  date: new Date().toISOString(),
  node: process.version,
  rounds,
  policies,
  strategies: strategies().map((strategy) => strategy.name),
  rows,
  target: `shared counter >= ${target}x the calls per CPU-second of a counter per replay`,
  violations,
};
mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('../results/analyze-shared-counter.json', import.meta.url),
  `${JSON.stringify(result, null, 2)}\n`,
);
console.table(
  rows.map((row) => ({
    set: row.set,
    replays: row.replays,
    calls: row.callsReplayed,
    'own calls/CPU-s': row.ownCounter.callsPerCpuSecond,
    'shared calls/CPU-s': row.sharedCounter.callsPerCpuSecond,
    ratio: row.ratio,
    'shared heap MB': row.sharedCounter.heapKeptMb,
    identical: row.identicalReplays,
  })),
);
if (violations.length > 0) {
  console.error(`violations:\n${violations.join('\n')}`);
  process.exit(1);
}
