// Fact extraction scored against hand-labelled snippets of the real trajectories and security logs
// (bench/summarization/labelled-facts.json; the labels were written by reading the snippets, not by the
// extractor): precision and recall per kind of indicator and for user instructions (extracted from
// user messages only, as `extractFacts` does).
// Run from the repository root after `npm run build`:
//   node bench/summarization/extractor-accuracy.mjs [label]
// Prints a table and records the figures under `label` (default "current") in
// bench/results/summarization-extractor.json, keeping the other labels there (e.g. "before", "after").
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractIndicators, extractInstructions } from 'kioku/strategies';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const output = join(root, 'bench/results/summarization-extractor.json');
const label = process.argv[2] ?? 'current';
const { snippets, kinds } = JSON.parse(
  await readFile(join(root, 'bench/summarization/labelled-facts.json'), 'utf8'),
);

/** Case and spacing aside, for comparing a found value with a label. */
const norm = (value) => value.toLowerCase().replace(/\s+/g, ' ').trim();
/** An instruction found counts when it is the labelled sentence, or one holds the other. */
const sameInstruction = (a, b) => a === b || a.includes(b) || b.includes(a);

const totals = Object.fromEntries(kinds.map((kind) => [kind, { expected: 0, found: 0, correct: 0 }]));
const errors = Object.fromEntries(kinds.map((kind) => [kind, { falsePositives: [], missed: [] }]));
for (const snippet of snippets) {
  const found = Object.fromEntries(kinds.map((kind) => [kind, []]));
  for (const fact of extractIndicators(snippet.text)) found[fact.kind].push(fact.value);
  if (snippet.role === 'user') found.instruction.push(...extractInstructions(snippet.text));
  // A snippet cut mid-line ends with a partial token: what the extractor finds there is not scored.
  const end = norm(snippet.text);
  const whole = (value) => snippet.cut !== true || !end.endsWith(value);
  for (const kind of kinds) {
    const expected = (snippet.expected[kind] ?? []).map(norm);
    const got = [...new Set(found[kind].map(norm))].filter(whole);
    const matches = kind === 'instruction' ? sameInstruction : (a, b) => a === b;
    const correct = got.filter((value) => expected.some((label) => matches(value, label)));
    totals[kind].expected += expected.length;
    totals[kind].found += got.length;
    totals[kind].correct += correct.length;
    for (const value of got)
      if (!correct.includes(value)) errors[kind].falsePositives.push({ snippet: snippet.id, value });
    for (const value of expected)
      if (!got.some((candidate) => matches(candidate, value)))
        errors[kind].missed.push({ snippet: snippet.id, value });
  }
}

const ratio = (part, whole) => (whole === 0 ? null : Number((part / whole).toFixed(4)));
const all = { expected: 0, found: 0, correct: 0 };
const figures = {};
for (const kind of kinds) {
  const { expected, found, correct } = totals[kind];
  if (expected === 0 && found === 0) continue;
  all.expected += expected;
  all.found += found;
  all.correct += correct;
  figures[kind] = {
    expected,
    found,
    correct,
    precision: ratio(correct, found),
    recall: ratio(correct, expected),
  };
}
figures.all = { ...all, precision: ratio(all.correct, all.found), recall: ratio(all.correct, all.expected) };

const percent = (value) => (value === null ? '–' : `${(value * 100).toFixed(1)}%`);
console.log(
  `${'kind'.padEnd(12)}${'labelled'.padStart(9)}${'found'.padStart(7)}${'correct'.padStart(9)}${'precision'.padStart(11)}${'recall'.padStart(9)}`,
);
for (const [kind, row] of Object.entries(figures)) {
  console.log(
    `${kind.padEnd(12)}${String(row.expected).padStart(9)}${String(row.found).padStart(7)}${String(row.correct).padStart(9)}${percent(row.precision).padStart(11)}${percent(row.recall).padStart(9)}`,
  );
}

const previous = await readFile(output, 'utf8').then(JSON.parse, () => ({ runs: {} }));
const runs = {
  ...previous.runs,
  [label]: {
    date: new Date().toISOString(),
    figures,
    falsePositives: Object.fromEntries(kinds.map((kind) => [kind, errors[kind].falsePositives])),
    missed: Object.fromEntries(kinds.map((kind) => [kind, errors[kind].missed])),
  },
};
await writeFile(
  output,
  `${JSON.stringify(
    {
      labels: 'bench/summarization/labelled-facts.json',
      snippets: snippets.length,
      check:
        'per kind: labelled = facts a person wrote down for the snippets; found = distinct values the extractor returned (instructions from user snippets only); correct = found values that are labelled (case-insensitive; an instruction also when one sentence holds the other).',
      runs,
    },
    null,
    1,
  )}\n`,
);
