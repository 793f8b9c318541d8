// Import time of kioku's entry points against the AI SDK's `ai`, each in a fresh Node process, in turn,
// several times: what adding kioku costs a program that already imports `ai`. Reports the median and
// p95 per specifier and the ratio of each median to ai's, measured in the same run. Writes
// bench/results/package-import.json (or --out). Run from the repository root after `npm run build`:
//   node bench/package/import-time.mjs [--runs 9]
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
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

/** Milliseconds `import(specifier)` takes in a fresh process (the process start itself not counted). */
function importMs(specifier) {
  const script = `const start = performance.now(); await import(${JSON.stringify(specifier)}); console.log(performance.now() - start);`;
  const { status, stdout, stderr } = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  });
  if (status !== 0) throw new Error(`importing ${specifier} failed: ${stderr}`);
  return Number(stdout.trim());
}

const times = Object.fromEntries(specifiers.map((specifier) => [specifier, []]));
for (let run = 0; run < runs; run += 1) {
  // In turn, so that a change of load on the machine weighs on every specifier alike.
  for (const specifier of specifiers) times[specifier].push(importMs(specifier));
}
const round = (value, digits = 1) => Number(value.toFixed(digits));
const aiMedian = percentile(times.ai, 50);
const results = specifiers.map((specifier) => ({
  specifier,
  medianMs: round(percentile(times[specifier], 50)),
  p95Ms: round(percentile(times[specifier], 95)),
  ratioToAi: round(percentile(times[specifier], 50) / aiMedian, 2),
}));
const report = {
  bench: 'package/import-time',
  date: new Date().toISOString(),
  node: process.version,
  runs,
  note: 'import() time in a fresh process, each specifier in turn per run; ratio = median / median of ai',
  results,
};
writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
for (const row of results) {
  console.log(
    `${row.specifier.padEnd(18)} median ${String(row.medianMs).padStart(7)} ms  p95 ${String(row.p95Ms).padStart(7)} ms  ${row.ratioToAi}× ai`,
  );
}
console.log(`wrote ${values.out}`);
