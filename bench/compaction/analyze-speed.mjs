// Issue 24 item 2: `kioku analyze` calls per CPU-second, this checkout's command against the command at an
// earlier commit built in the same run (`KIOKU_BENCH_BASELINE`, default 77f9589: main before the work on
// issue 24, when every replay counted its own copies of every message). Each run is the real CLI
// (`kioku analyze <paths> --breakpoints both --json`: every catalog strategy and the unmanaged history,
// under the frontier and the agent breakpoint policies) in a process of its own, after a warm-up that
// loads the vocabularies of the set's models (a one-time cost of any process that counts, measured by
// the first-call bench, not here); what is timed is the process's CPU from the command's start to its
// exit (`process.cpuUsage`: the machine is shared, wall time would measure the load). Calls = the
// recorded model calls analyze replays (its JSON's `calls`), each through 11 strategies × 2 policies.
// The two versions alternate over `KIOKU_BENCH_ROUNDS` rounds (default 3); the lowest CPU of each is kept.
// Sets: the samples analyze ships and, when ../shared is there, three mini-swe-agent deepseek-chat runs
// and the tau-bench airline gpt-4o runs.
// Also reported: the whole process's CPU (module loading and vocabularies included), and whether this
// checkout's report is the same in every round (strategy time per call aside: it is measured).
// Fails (exit 1) when this checkout is under 3x the baseline's calls per CPU-second on any set with at
// least 2 s of baseline CPU (below that the ratio is noise), or when its reports differ between rounds.
// Run from the repository root after `npm run build`: `node bench/compaction/analyze-speed.mjs`.
// Writes bench/results/analyze-speed.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

if (process.argv[2] === '--child') {
  await child(process.argv.slice(3));
} else {
  await main();
}

/** CPU seconds of this process so far (user + system). */
function cpuSeconds(since) {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1e6;
}

/**
 * One analyze in this process: loads the vocabularies of `models` through the version's own modules,
 * then runs its CLI on `paths` and writes to `out`, at exit, the CPU the command took and its JSON output.
 */
async function child([out, mainJs, models, ...paths]) {
  const dist = dirname(dirname(mainJs));
  const kioku = await import(pathToFileURL(join(dist, 'index.js')).href);
  for (const model of JSON.parse(models)) kioku.counterForModel(model).countText('warm the vocabulary up');
  const printed = [];
  console.log = (...values) => printed.push(values.join(' '));
  const started = process.cpuUsage();
  process.on('exit', (code) => {
    const figures = {
      code,
      analyzeCpu: cpuSeconds(started),
      processCpu: cpuSeconds(),
      output: printed.join('\n'),
    };
    writeFileSync(out, JSON.stringify(figures));
  });
  process.argv = [process.execPath, mainJs, 'analyze', ...paths, '--breakpoints', 'both', '--json'];
  await import(pathToFileURL(mainJs).href);
}

async function main() {
  const { buildBaseline, commitOf } = await import('../build-baseline.mjs');
  const { trajectoriesDir } = await import('kioku/test');
  const { loadTranscripts } = await import('kioku/transcripts');
  const { existsSync } = await import('node:fs');

  const rounds = Number(process.env.KIOKU_BENCH_ROUNDS ?? 3);
  const target = 3;
  const minimumBaselineCpu = 2;
  const baselineRevision = process.env.KIOKU_BENCH_BASELINE ?? '77f9589';
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const vocabularies = join(root, 'packages/kioku/dist/tokens/vocabularies');
  const currentMain = join(root, 'packages/kioku/dist/cli/main.js');

  /**
   * A set: its name, the paths given to analyze (with `--model` when the runs do not name theirs), and the
   * models whose vocabularies the warm-up loads.
   */
  async function set(name, paths, { limit = Number.POSITIVE_INFINITY, model } = {}) {
    const { transcripts, errors } = await loadTranscripts(paths);
    if (errors.length > 0)
      throw new Error(`${name}: ${errors.map(({ file }) => file).join(', ')} failed to load`);
    const used = transcripts.filter((t) => t.calls.length > 0).slice(0, limit);
    const files = limit === Number.POSITIVE_INFINITY ? paths : [...new Set(used.map((t) => t.file))];
    const models = [
      ...new Set(
        used.map((t) => model ?? t.model ?? t.calls.find((call) => call.model !== undefined)?.model),
      ),
    ].filter((id) => id !== undefined);
    return { name, paths: files, models, args: model === undefined ? [] : ['--model', model] };
  }

  const sets = [
    await set('samples', [
      join(root, 'samples/soc-investigation.json'),
      join(root, 'samples/pydicom__pydicom-901.traj.json'),
      join(root, 'samples/openhands'),
    ]),
  ];
  if (existsSync(trajectoriesDir)) {
    sets.push(
      await set(
        'mini-swe-agent deepseek-chat (3 runs)',
        [join(trajectoriesDir, 'mini-swe-agent/pr816_deepseek_eval/output/deepseek_chat_dev')],
        { limit: 3 },
      ),
      await set(
        'tau-bench airline gpt-4o',
        [join(trajectoriesDir, 'tau-bench/historical_trajectories/gpt-4o-airline.json')],
        { model: 'gpt-4o' },
      ),
    );
  } else {
    console.error(`../shared is absent (${trajectoriesDir}): the samples alone are measured`);
  }

  const commit = commitOf(baselineRevision);
  const baseline = buildBaseline({ commit });
  const versions = { baseline: join(baseline.dist, 'cli/main.js'), current: currentMain };

  const scratch = mkdtempSync(join(tmpdir(), 'analyze-speed-'));
  function run(version, { paths, models, args }) {
    const out = join(scratch, 'figures.json');
    rmSync(out, { force: true });
    execFileSync(
      process.execPath,
      [
        fileURLToPath(import.meta.url),
        '--child',
        out,
        versions[version],
        JSON.stringify(models),
        ...paths,
        ...args,
      ],
      // The baseline's build finds the vocabularies (written by `npm run build` only) in this checkout's.
      { env: { ...process.env, KIOKU_VOCABULARY_DIR: vocabularies }, stdio: 'ignore' },
    );
    const figures = JSON.parse(readFileSync(out, 'utf8'));
    if (figures.code !== 0)
      throw new Error(`${version} analyze exited ${figures.code} on ${paths.join(' ')}`);
    return { ...figures, json: JSON.parse(figures.output) };
  }

  /** The report without what is measured in time (each strategy's p95 ms per call). */
  const untimed = (json) =>
    JSON.stringify(json, (key, value) => (key === 'overheadMsP95' ? undefined : value));

  const rows = [];
  const violations = [];
  try {
    for (const item of sets) {
      const best = {};
      const reports = new Set();
      for (let round = 0; round < rounds; round += 1) {
        for (const version of round % 2 === 0 ? ['baseline', 'current'] : ['current', 'baseline']) {
          const figures = run(version, item);
          if (version === 'current') reports.add(untimed(figures.json));
          if (best[version] === undefined || figures.analyzeCpu < best[version].analyzeCpu)
            best[version] = figures;
          console.error(`${item.name} round ${round + 1} ${version}: ${figures.analyzeCpu.toFixed(2)} s CPU`);
        }
      }
      const calls = best.current.json.calls;
      if (best.baseline.json.calls !== calls) {
        violations.push(
          `${item.name}: the baseline replayed ${best.baseline.json.calls} calls, this checkout ${calls}`,
        );
      }
      const perSecond = (figures) => calls / figures.analyzeCpu;
      const ratio = perSecond(best.current) / perSecond(best.baseline);
      const row = {
        set: item.name,
        transcripts: best.current.json.transcripts,
        calls,
        replays: best.current.json.transcripts * best.current.json.strategies.length * 2,
        baseline: {
          analyzeCpuSeconds: round3(best.baseline.analyzeCpu),
          processCpuSeconds: round3(best.baseline.processCpu),
          callsPerCpuSecond: round3(perSecond(best.baseline)),
        },
        current: {
          analyzeCpuSeconds: round3(best.current.analyzeCpu),
          processCpuSeconds: round3(best.current.processCpu),
          callsPerCpuSecond: round3(perSecond(best.current)),
        },
        ratio: round3(ratio),
        processRatio: round3(best.baseline.processCpu / best.current.processCpu),
        sameReportEveryRound: reports.size === 1,
        checked: best.baseline.analyzeCpu >= minimumBaselineCpu,
      };
      rows.push(row);
      if (reports.size !== 1) violations.push(`${item.name}: this checkout's reports differ between rounds`);
      if (row.checked && ratio < target) {
        violations.push(
          `${item.name}: ${row.ratio}x the baseline's calls per CPU-second (target >= ${target}x)`,
        );
      }
    }
  } finally {
    baseline.remove();
    rmSync(scratch, { recursive: true, force: true });
  }

  const result = {
    date: new Date().toISOString(),
    node: process.version,
    baseline: { revision: baselineRevision, commit },
    command: 'kioku analyze <paths> --breakpoints both --json',
    rounds,
    rows,
    target: `>= ${target}x the baseline's analyze calls per CPU-second (sets with >= ${minimumBaselineCpu} s of baseline CPU)`,
    violations,
  };
  mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
  writeFileSync(
    new URL('../results/analyze-speed.json', import.meta.url),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  console.table(
    rows.map((row) => ({
      set: row.set,
      calls: row.calls,
      'baseline CPU s': row.baseline.analyzeCpuSeconds,
      'now CPU s': row.current.analyzeCpuSeconds,
      'baseline calls/CPU-s': row.baseline.callsPerCpuSecond,
      'now calls/CPU-s': row.current.callsPerCpuSecond,
      ratio: row.ratio,
      'process ratio': row.processRatio,
    })),
  );
  if (violations.length > 0) {
    console.error(`violations:\n${violations.join('\n')}`);
    process.exit(1);
  }
}

function round3(value) {
  return Math.round(value * 1000) / 1000;
}
