// What the reliability benches share: the before -> after lines they print and the result file they
// write (bench/results/<name>.json with the run's date, Node version, core count and baseline).

import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';

const show = (value) => (value === null || value === undefined ? '-' : String(value));

/** Prints `label  before -> after`, the label padded to `width`. */
export function printChange(label, before, after, width = 56) {
  console.log(`${label.padEnd(width)} ${show(before).padStart(8)} -> ${show(after).padStart(8)}`);
}

/** Prints which commit the "before" column is. */
export function printBaseline(commit) {
  console.log(`baseline: ${commit.slice(0, 12)} (built in a temporary directory in this run)\n`);
}

/**
 * Writes bench/results/`name`.json: the bench's name, date, Node version and cores, the baseline
 * commit, then `fields`; prints and returns the path.
 */
export function writeResult(name, { baseline, ...fields }) {
  const out = new URL(`../results/${name}.json`, import.meta.url);
  mkdirSync(new URL('.', out), { recursive: true });
  const result = {
    bench: name,
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    baseline: {
      commit: baseline,
      note: 'the package at this commit, compiled in a temporary directory in the same run',
    },
    ...fields,
  };
  writeFileSync(out, `${JSON.stringify(result, null, 1)}\n`);
  console.log(`\nwrote ${fileURLToPath(out)}`);
  return fileURLToPath(out);
}
