// The fidelity measure (`fidelityMeter`) scored against the hand-labelled sample of calls
// (bench/fidelity/labelled-calls.json; labelled by reading each call, rules in labelling-rules.md): for
// each call, replayed under its strategy, whether the measure says the managed prompt hid a fact the answer
// used, against the label. Precision and recall of "hidden", per half: the rules of the measure were tuned
// on the dev half only (its disagreements are printed for that), the held-out half is reported.
// - headline: hidden from tool outputs or the agent's own earlier messages (`hidden`) against a label with
//   any value;
// - tool outputs only: `hiddenOutputFacts` against a label with a value whose source is a tool output.
// A label holds for the prompt it was written against: each call records which messages of the unmanaged
// prompt the managed one had lost when it was labelled (`labelledPrompt`). A call whose replay now loses
// other messages (a strategy changed since) is set aside, counted per half as `changedSinceLabelling`,
// until it is labelled again.
// Run from the repository root after `npm run build`:
//   node bench/fidelity/measure-accuracy.mjs [label]
// Records the figures under `label` (default "current") in bench/results/fidelity-measure-accuracy.json,
// keeping the other labels there (e.g. "before", "after").
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fidelityMeter } from 'kioku/replay';
import { trajectoriesDir } from 'kioku/test';
import { loadAgentSets } from './agent-sets.mjs';
import { removedMessages, replayPrompts } from './sampled-calls.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const output = join(root, 'bench/results/fidelity-measure-accuracy.json');
const label = process.argv[2] ?? 'current';
const { calls } = JSON.parse(await readFile(join(root, 'bench/fidelity/labelled-calls.json'), 'utf8'));
const unlabelled = calls.filter((call) => call.label === null);
if (unlabelled.length > 0) throw new Error(`${unlabelled.length} calls have no label: ${unlabelled[0].id}…`);

const sets = await loadAgentSets();
const replays = new Map();
const results = [];
const changed = [];
const meter = fidelityMeter();
for (const call of calls) {
  const set = sets.find((candidate) => candidate.name === call.set);
  const transcript = set.transcripts.find(
    (candidate) => candidate.id === call.run && candidate.file === join(trajectoriesDir, call.file),
  );
  const key = `${call.file}\u0000${call.run}\u0000${call.strategy}`;
  if (!replays.has(key)) replays.set(key, await replayPrompts(set, transcript, call.strategy));
  const prompt = replays.get(key)[call.call];
  const removed = removedMessages(prompt);
  if (
    prompt.history.length !== call.labelledPrompt.messages ||
    JSON.stringify(removed) !== JSON.stringify(call.labelledPrompt.removed)
  ) {
    changed.push(call);
    continue;
  }
  const measured = meter.measure(prompt);
  results.push({
    call,
    measured: { hidden: measured.hidden, hiddenOutputFacts: measured.hiddenOutputFacts },
    expected: {
      headline: call.label.hidden,
      outputs: call.label.values.some((value) => value.source === 'output'),
    },
    found: { headline: measured.hidden.length > 0, outputs: measured.hiddenOutputFacts.length > 0 },
  });
  process.stderr.write('.');
}
process.stderr.write('\n');

const ratio = (part, whole) => (whole === 0 ? null : Number((part / whole).toFixed(4)));
function score(rows, kind) {
  const truePositives = rows.filter((row) => row.expected[kind] && row.found[kind]).length;
  const labelled = rows.filter((row) => row.expected[kind]).length;
  const flagged = rows.filter((row) => row.found[kind]).length;
  const agree = rows.filter((row) => row.expected[kind] === row.found[kind]).length;
  return {
    calls: rows.length,
    labelledHidden: labelled,
    measuredHidden: flagged,
    truePositives,
    precision: ratio(truePositives, flagged),
    recall: ratio(truePositives, labelled),
    agreement: ratio(agree, rows.length),
  };
}

const figures = {};
for (const half of ['dev', 'held-out']) {
  const rows = results.filter((row) => row.call.half === half);
  figures[half] = {
    changedSinceLabelling: changed.filter((call) => call.half === half).length,
    headline: score(rows, 'headline'),
    toolOutputs: score(rows, 'outputs'),
    bySet: Object.fromEntries(
      sets.map((set) => [
        set.name,
        score(
          rows.filter((row) => row.call.set === set.name),
          'headline',
        ),
      ]),
    ),
  };
}

const percent = (value) => (value === null ? '–' : `${(value * 100).toFixed(1)}%`);
console.log(`fidelity measure against the hand labels (${label}): precision / recall of "hidden"`);
if (changed.length > 0) {
  console.log(
    `  set aside, their prompt changed since labelling: ${changed.length} (${[...new Set(changed.map((call) => `${call.set} ${call.strategy}`))].join('; ')})`,
  );
}
for (const [half, figure] of Object.entries(figures)) {
  for (const kind of ['headline', 'toolOutputs']) {
    const row = figure[kind];
    console.log(
      `  ${half.padEnd(9)} ${kind.padEnd(12)} labelled ${String(row.labelledHidden).padStart(2)}, flagged ${String(row.measuredHidden).padStart(3)}, right ${String(row.truePositives).padStart(2)}: precision ${percent(row.precision)}, recall ${percent(row.recall)}, agreement ${percent(row.agreement)}`,
    );
  }
}
// Disagreements are printed for the dev half only: the rules are tuned there.
console.log('\ndev half, where the measure and the labels disagree (headline):');
for (const row of results.filter(
  (item) => item.call.half === 'dev' && item.expected.headline !== item.found.headline,
)) {
  console.log(
    `  ${row.call.id} (${row.call.strategy}): labelled ${JSON.stringify(row.call.label.values.map((value) => value.value))}, measured ${JSON.stringify(row.measured.hidden)}`,
  );
}

const previous = await readFile(output, 'utf8').then(JSON.parse, () => ({ runs: {} }));
previous.runs[label] = { generatedAt: new Date().toISOString(), ...figures };
await writeFile(output, `${JSON.stringify(previous, null, 2)}\n`);
console.log(`\nwrote ${output.slice(root.length + 1)} (${label})`);
