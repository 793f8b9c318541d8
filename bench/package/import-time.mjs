// Import time of kioku's entry points against the AI SDK's `ai`, each in a fresh Node process, in turn,
// several times: what adding kioku costs a program that already imports `ai`. Reports, per specifier, the
// median CPU time of the import (process.cpuUsage: user + system, what load on a shared machine distorts
// least) and the median and p95 wall time, each median's ratio to ai's, measured in the same run (target:
// kioku ≤ 1.3× ai in CPU time). Then the CLI's
// start-up: the CPU time of a whole `kioku --help` process against `node -e 0`, in turn (target ≤ 2×).
// Writes bench/results/package-import.json (or --out). Run from the repository root after `npm run build`:
//   node bench/package/import-time.mjs [--runs 9]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { percentile } from '../percentile.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '9' },
    out: {
      type: 'string',
      default: fileURLToPath(new URL('../results/package-import.json', import.meta.url)),
    },
  },
});
const runs = Number(values.runs);
const root = fileURLToPath(new URL('../..', import.meta.url));
const specifiers = ['ai', 'kioku', 'kioku/transcripts', 'kioku/replay', 'kioku/store', 'kioku/test'];

/** `[cpu, wall]` milliseconds `import(specifier)` takes in a fresh process (the process start not counted). */
function importMs(specifier) {
  const script = `const cpu = process.cpuUsage(); const start = performance.now(); await import(${JSON.stringify(specifier)}); const wall = performance.now() - start; const { user, system } = process.cpuUsage(cpu); console.log((user + system) / 1000, wall);`;
  const { status, stdout, stderr } = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  });
  if (status !== 0) throw new Error(`importing ${specifier} failed: ${stderr}`);
  return stdout.trim().split(' ').map(Number);
}

const cpuTimes = Object.fromEntries(specifiers.map((specifier) => [specifier, []]));
const times = Object.fromEntries(specifiers.map((specifier) => [specifier, []]));
for (let run = 0; run < runs; run += 1) {
  // In turn, so that a change of load on the machine weighs on every specifier alike.
  for (const specifier of specifiers) {
    const [cpu, wall] = importMs(specifier);
    cpuTimes[specifier].push(cpu);
    times[specifier].push(wall);
  }
}
// The CPU time of a whole process (user + system, start-up included), printed at exit by a preload.
const cpuAtExit =
  "process.on('exit', () => { const { user, system } = process.cpuUsage(); process.stderr.write('cpu-ms ' + (user + system) / 1000 + '\\n'); });";
function processCpuMs(args) {
  const { status, stderr } = spawnSync(process.execPath, ['--require', preload, ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  if (status !== 0) throw new Error(`node ${args.join(' ')} failed: ${stderr}`);
  return Number(/cpu-ms (\S+)/.exec(stderr)[1]);
}
const preload = join(mkdtempSync(join(tmpdir(), 'kioku-import-time-')), 'cpu-at-exit.cjs');
writeFileSync(preload, cpuAtExit);
const cli = { help: [], node: [] };
for (let run = 0; run < runs; run += 1) {
  cli.help.push(processCpuMs(['packages/kioku/dist/cli/main.js', '--help']));
  cli.node.push(processCpuMs(['-e', '0']));
}

const round = (value, digits = 1) => Number(value.toFixed(digits));
const aiCpuMedian = percentile(cpuTimes.ai, 50);
const aiMedian = percentile(times.ai, 50);
const results = specifiers.map((specifier) => ({
  specifier,
  cpuMedianMs: round(percentile(cpuTimes[specifier], 50)),
  cpuRatioToAi: round(percentile(cpuTimes[specifier], 50) / aiCpuMedian, 2),
  medianMs: round(percentile(times[specifier], 50)),
  p95Ms: round(percentile(times[specifier], 95)),
  ratioToAi: round(percentile(times[specifier], 50) / aiMedian, 2),
}));
const kiokuCpuRatio = results.find((row) => row.specifier === 'kioku').cpuRatioToAi;
const report = {
  bench: 'package/import-time',
  date: new Date().toISOString(),
  node: process.version,
  runs,
  note: 'import() in a fresh process, each specifier in turn per run: CPU ms (user + system) and wall ms; ratio = median / median of ai',
  loadAverage: loadavg()[0],
  target: { kiokuCpuRatioToAi: 1.3, met: kiokuCpuRatio <= 1.3 },
  results,
  cli: {
    note: 'CPU ms (user + system) of a whole process, start-up included, in turn; ratio = median / median of node -e 0',
    helpMedianMs: round(percentile(cli.help, 50)),
    nodeMedianMs: round(percentile(cli.node, 50)),
    ratioToNode: round(percentile(cli.help, 50) / percentile(cli.node, 50), 2),
  },
};
writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
for (const row of results) {
  console.log(
    `${row.specifier.padEnd(18)} CPU ${String(row.cpuMedianMs).padStart(6)} ms  ${String(row.cpuRatioToAi).padStart(4)}× ai   wall median ${String(row.medianMs).padStart(7)} ms  p95 ${String(row.p95Ms).padStart(7)} ms  ${row.ratioToAi}× ai`,
  );
}
console.log(
  `import('kioku') ${kiokuCpuRatio}× import('ai') in CPU time (target ≤ 1.3×: ${report.target.met ? 'met' : 'not met'})`,
);
console.log(
  `kioku --help      median ${report.cli.helpMedianMs} ms CPU  node -e 0 ${report.cli.nodeMedianMs} ms  ${report.cli.ratioToNode}× node (target ≤ 2×)`,
);
console.log(`wrote ${values.out}`);
