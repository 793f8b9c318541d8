// How long opening an embedded store takes, today's way (initdb in WebAssembly, then the migrations) and
// from the store template the build writes (dist/store-template: a data directory with the migrations
// applied, loaded with PGlite's loadDataDir), in the same run: a new directory store, memory://, and
// reopening an existing directory. Every opening is a fresh node process (what a CLI run or a test file
// pays); each case is repeated and interleaved with the other build. After each reopening, PGlite alone
// starts on the same data directory in a fresh process (pglite-start-once.mjs): the floor no kioku code
// can go below. Writes bench/results/store-open.json.
// Run after `npm run build`:  node bench/store/open.mjs [--repetitions 5]
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { repetitions: { type: 'string', default: '5' } } });
const repetitions = Number(values.repetitions);
const built = fileURLToPath(new URL('../../packages/kioku/dist/', import.meta.url));
// Two snapshots of the build inside the repository (so they resolve its node_modules), ignored by git:
// `template` as built, `initdb` without dist/store-template, which is today's open.
const snapshots = fileURLToPath(new URL(`./.tmp-open-${process.pid}/`, import.meta.url));
const builds = {
  initdb: join(snapshots, 'initdb', 'dist'),
  template: join(snapshots, 'template', 'dist'),
};
cpSync(built, builds.template, { recursive: true });
cpSync(built, builds.initdb, {
  recursive: true,
  filter: (source) => source !== join(built, 'store-template'),
});
if (readdirSync(join(builds.template, 'store-template')).length === 0) {
  throw new Error('no dist/store-template: run `npm run build` first');
}
const templateBytes = statSync(join(builds.template, 'store-template', 'pglite.tar.gz')).size;
const root = mkdtempSync(join(tmpdir(), 'kioku-open-bench-'));
const loadAtStart = loadavg()[0];

function openOnce(build, location) {
  const run = spawnSync(
    process.execPath,
    [fileURLToPath(new URL('./open-once.mjs', import.meta.url)), builds[build], location],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`opening ${location} with the ${build} build failed:\n${run.stderr}`);
  return JSON.parse(run.stdout);
}

function pgliteStartOnce(location) {
  const run = spawnSync(
    process.execPath,
    [fileURLToPath(new URL('./pglite-start-once.mjs', import.meta.url)), join(location, 'pglite')],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`starting PGlite on ${location} failed:\n${run.stderr}`);
  return JSON.parse(run.stdout).startMs;
}

function sizeOf(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((total, name) => total + sizeOf(join(path, name)), 0);
}

const cases = ['fresh directory', 'memory://', 'reopen directory'];
const samples = Object.fromEntries(cases.map((name) => [name, { initdb: [], template: [] }]));
const sizes = {};
const pgliteStart = [];
try {
  for (let repetition = 0; repetition < repetitions; repetition++) {
    for (const build of repetition % 2 === 0 ? ['initdb', 'template'] : ['template', 'initdb']) {
      const location = join(root, `${build}-${repetition}`);
      samples['fresh directory'][build].push(openOnce(build, location).openMs);
      samples['memory://'][build].push(openOnce(build, 'memory://').openMs);
      samples['reopen directory'][build].push(openOnce(build, location).openMs);
      pgliteStart.push(pgliteStartOnce(location));
      sizes[build] = sizeOf(location);
      rmSync(location, { recursive: true, force: true });
      console.error(
        `repetition ${repetition + 1}/${repetitions}, ${build}: ` +
          cases.map((name) => `${name} ${Math.round(samples[name][build].at(-1))} ms`).join(', '),
      );
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
  rmSync(snapshots, { recursive: true, force: true });
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (value) => Math.round(value);
const targets = { 'fresh directory': 2000, 'memory://': 2000, 'reopen directory': 500 };
const results = Object.fromEntries(
  cases.map((name) => {
    const initdb = median(samples[name].initdb);
    const template = median(samples[name].template);
    return [
      name,
      {
        initdbMs: { median: round(initdb), samples: samples[name].initdb.map(round) },
        templateMs: { median: round(template), samples: samples[name].template.map(round) },
        ratio: Math.round((template / initdb) * 100) / 100,
        targetMs: targets[name],
        met: template <= targets[name],
      },
    ];
  }),
);
const report = {
  description:
    "Opening an embedded store in a fresh node process: today's way (initdb, then migrations) vs from the " +
    'store template the build writes (dist/store-template), medians of interleaved repetitions',
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  loadAverage: { start: Math.round(loadAtStart * 100) / 100, end: Math.round(loadavg()[0] * 100) / 100 },
  repetitions,
  templateBytes,
  emptyStoreBytes: sizes,
  results,
  pgliteStartMs: {
    description: 'PGlite.create with pgvector on an existing store directory, alone, in a fresh process',
    median: round(median(pgliteStart)),
    samples: pgliteStart.map(round),
  },
  reopenAbovePgliteStartMs: round(median(samples['reopen directory'].template) - median(pgliteStart)),
};
const out = fileURLToPath(new URL('../results/store-open.json', import.meta.url));
mkdirSync(join(out, '..'), { recursive: true });
writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `PGlite alone starting on the reopened directory: ${report.pgliteStartMs.median} ms (reopen is ${report.reopenAbovePgliteStartMs} ms above it)`,
);
for (const name of cases) {
  const { initdbMs, templateMs, ratio, targetMs, met } = results[name];
  console.log(
    `${name.padEnd(17)} initdb ${String(initdbMs.median).padStart(6)} ms   template ${String(templateMs.median).padStart(6)} ms   ${ratio}x   target <= ${targetMs} ms: ${met ? 'met' : 'NOT met'}`,
  );
}
