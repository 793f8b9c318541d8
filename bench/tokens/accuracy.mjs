// Counted vs billed prompt tokens on the recorded sets, per set, per model and overall; writes
// bench/results/tokens-accuracy.json and prints a table. Run after `npm run build`:
//   node bench/tokens/accuracy.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareWithRecorded, summarizeErrors } from 'kioku/replay';
import { trajectoriesDir } from 'kioku/test';
import { loadTranscripts } from 'kioku/transcripts';
import { loadSets } from './load-sets.mjs';

const tau2Files = {
  'tau2-bench gpt-4.1': ['airline_default', 'retail_defautl', 'telecom_default'].map(
    (domain) => `gpt-4.1_${domain}_gpt-4.1_1trials.json`,
  ),
  'tau2-bench ft:gpt-4.1': ['airline', 'retail', 'telecom'].map(
    (domain) => `ft_gpt-4.1-2025-04-14_sierra_tau2-full-sft_BzrYdMNm_${domain}_default_gpt-4.1_1trials.json`,
  ),
};

/**
 * The tau2-bench runs of tau2's `llm_agent` (the solo-agent files do not record their prompt), per model:
 * gpt-4.1 and Sierra's fine-tuned gpt-4.1. Every call sends the domain's tools.
 */
async function loadTau2Sets() {
  const sets = [];
  for (const [name, names] of Object.entries(tau2Files)) {
    const files = names.map((file) => join(trajectoriesDir, 'tau2-bench/feature-gym', file));
    const { transcripts, errors } = await loadTranscripts(files);
    if (errors.length > 0)
      throw new Error(errors.map(({ file, error }) => `${file}: ${error.message}`).join('\n'));
    sets.push({ name, transcripts, callsLeftOut: 0 });
  }
  return sets;
}

const resultsDir = new URL('../results/', import.meta.url);
const started = Date.now();
const sets = [...(await loadSets()), ...(await loadTau2Sets())];
const groups = [];
const allRows = [];
for (const set of sets) {
  const rows = compareWithRecorded(set.transcripts);
  allRows.push(...rows);
  groups.push({ group: 'set', name: set.name, callsLeftOut: set.callsLeftOut, ...summary(rows) });
}
const models = [...new Set(allRows.map((row) => row.model ?? 'unknown'))].sort();
for (const model of models) {
  const rows = allRows.filter((row) => (row.model ?? 'unknown') === model);
  groups.push({
    group: 'model',
    name: model,
    family: rows[0]?.family,
    exact: rows[0]?.exact,
    ...summary(rows),
  });
}
groups.push({ group: 'overall', name: 'all', ...summary(allRows) });

function summary(rows) {
  const s = summarizeErrors(rows);
  const round = (value) => Math.round(value * 1000) / 1000;
  return {
    calls: s.calls,
    medianAbsErrorPct: round(s.medianAbsErrorPct),
    p95AbsErrorPct: round(s.p95AbsErrorPct),
    meanErrorPct: round(s.meanErrorPct),
    naiveMedianAbsErrorPct: round(s.naiveMedianAbsErrorPct),
  };
}

const result = {
  date: new Date().toISOString(),
  node: process.version,
  seconds: Math.round((Date.now() - started) / 100) / 10,
  method:
    'Per recorded call: prompt = transcript messages before the call (+ tools); counted by counterForModel(model); error = (counted - recorded) / recorded. naive = ceil(characters / 4).',
  groups,
};
mkdirSync(resultsDir, { recursive: true });
writeFileSync(new URL('tokens-accuracy.json', resultsDir), `${JSON.stringify(result, null, 2)}\n`);
console.table(
  groups.map(({ group, name, calls, medianAbsErrorPct, p95AbsErrorPct, naiveMedianAbsErrorPct }) => ({
    group,
    name,
    calls,
    'median |err| %': medianAbsErrorPct,
    'p95 |err| %': p95AbsErrorPct,
    'naive median %': naiveMedianAbsErrorPct,
  })),
);
console.log(`wrote bench/results/tokens-accuracy.json (${result.seconds} s)`);
