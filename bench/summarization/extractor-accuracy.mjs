// Fact extraction scored against hand-labelled snippets of the real trajectories and security logs
// (bench/summarization/labelled-facts.json; the labels were written by reading the snippets, not by the
// extractor).
// - Round 1 (snippets without `round`): indicators of compromise and user instructions, as the
//   extractor scored them before round 2 (`extractIndicators`; `extractInstructions` on user snippets).
// - Round 2 (coding runs of mini-swe-agent and OpenHands, SOC runs of SecRL and ExCyTIn, labelled under
//   the file's `round2` rules, written before the extractor for these kinds): every kind again plus paths,
//   identifiers, host and user names, and the host each value was seen with. Scored per half: `tune` (the
//   half looked at while the extractor was written) and `holdout` (the figures to quote), for the
//   extractor of this checkout (`extractTextFacts`) and for today's extractor before round 2 (indicators
//   and instructions only: no path, identifier, host, user or pairing), in the same run.
// Run from the repository root after `npm run build`:
//   node bench/summarization/extractor-accuracy.mjs [label]
// Prints tables and records the figures under `label` (default "current") in
// bench/results/summarization-extractor.json, keeping the other labels there (e.g. "before", "after").
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractIndicators, extractInstructions, extractTextFacts } from 'kioku/strategies';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const output = join(root, 'bench/results/summarization-extractor.json');
const label = process.argv[2] ?? 'current';
const { snippets, kinds } = JSON.parse(
  await readFile(join(root, 'bench/summarization/labelled-facts.json'), 'utf8'),
);
const roundOneKinds = [
  'ipv4',
  'ipv6',
  'domain',
  'url',
  'email',
  'md5',
  'sha1',
  'sha256',
  'cve',
  'instruction',
];

/** Case and spacing aside, for comparing a found value with a label. */
const norm = (value) => value.toLowerCase().replace(/\s+/g, ' ').trim();
/** An entity pair as one comparable string. */
const pair = (value, host) => `${value} @ ${host}`;
/** An instruction found counts when it is the labelled sentence, or one holds the other. */
const sameInstruction = (a, b) => a === b || a.includes(b) || b.includes(a);

/** What an extractor finds in a snippet, by kind (entity: `value @ host` pairs). */
const extractors = {
  // Today's extractor before round 2: indicators and instructions.
  indicators: (snippet) => {
    const found = Object.fromEntries(kinds.map((kind) => [kind, []]));
    for (const fact of extractIndicators(snippet.text)) found[fact.kind].push(fact.value);
    if (snippet.role === 'user') found.instruction.push(...extractInstructions(snippet.text));
    return found;
  },
  facts: (snippet) => {
    const found = Object.fromEntries(kinds.map((kind) => [kind, []]));
    for (const fact of extractTextFacts(snippet.text)) {
      found[fact.kind].push(fact.value);
      if (fact.host !== undefined) found.entity.push(pair(fact.value, fact.host));
    }
    if (snippet.role === 'user') found.instruction.push(...extractInstructions(snippet.text));
    return found;
  },
};

function score(selected, scoredKinds, extract) {
  const totals = Object.fromEntries(scoredKinds.map((kind) => [kind, { expected: 0, found: 0, correct: 0 }]));
  const errors = Object.fromEntries(scoredKinds.map((kind) => [kind, { falsePositives: [], missed: [] }]));
  for (const snippet of selected) {
    const found = extract(snippet);
    // A snippet cut mid-line ends with a partial token: what the extractor finds there is not scored.
    const end = norm(snippet.text);
    const whole = (value) => snippet.cut !== true || !end.endsWith(value.split(' @ ')[0]);
    for (const kind of scoredKinds) {
      const labels = (snippet.expected[kind] ?? []).map((value) =>
        norm(Array.isArray(value) ? pair(value[0], value[1]) : value),
      );
      const expected = [...new Set(labels)];
      const got = [...new Set(found[kind].map(norm))].filter(whole);
      const matches = kind === 'instruction' ? sameInstruction : (a, b) => a === b;
      const correct = got.filter((value) => expected.some((each) => matches(value, each)));
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
  const figures = {};
  const all = { expected: 0, found: 0, correct: 0 };
  for (const kind of scoredKinds) {
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
  figures.all = {
    ...all,
    precision: ratio(all.correct, all.found),
    recall: ratio(all.correct, all.expected),
  };
  return { figures, errors };
}

const ratio = (part, whole) => (whole === 0 ? null : Number((part / whole).toFixed(4)));
const percent = (value) => (value === null ? '–' : `${(value * 100).toFixed(1)}%`);
function print(title, figures) {
  console.log(`\n${title}`);
  console.log(
    `${'kind'.padEnd(12)}${'labelled'.padStart(9)}${'found'.padStart(7)}${'correct'.padStart(9)}${'precision'.padStart(11)}${'recall'.padStart(9)}`,
  );
  for (const [kind, row] of Object.entries(figures)) {
    console.log(
      `${kind.padEnd(12)}${String(row.expected).padStart(9)}${String(row.found).padStart(7)}${String(row.correct).padStart(9)}${percent(row.precision).padStart(11)}${percent(row.recall).padStart(9)}`,
    );
  }
}

const roundOne = score(
  snippets.filter((snippet) => snippet.round === undefined),
  roundOneKinds,
  extractors.indicators,
);
print(
  `round 1 (${snippets.filter((snippet) => snippet.round === undefined).length} snippets)`,
  roundOne.figures,
);
const roundTwo = {};
for (const half of ['tune', 'holdout']) {
  const selected = snippets.filter((snippet) => snippet.round === 2 && snippet.split === half);
  roundTwo[half] = {
    snippets: selected.length,
    before: score(selected, kinds, extractors.indicators).figures,
    ...score(selected, kinds, extractors.facts),
  };
  print(
    `round 2, ${half} half (${selected.length} snippets): indicators only, as before`,
    roundTwo[half].before,
  );
  print(`round 2, ${half} half: extractTextFacts`, roundTwo[half].figures);
}

const previous = await readFile(output, 'utf8').then(JSON.parse, () => ({ runs: {} }));
const runs = {
  ...previous.runs,
  [label]: {
    date: new Date().toISOString(),
    figures: roundOne.figures,
    falsePositives: Object.fromEntries(
      roundOneKinds.map((kind) => [kind, roundOne.errors[kind].falsePositives]),
    ),
    missed: Object.fromEntries(roundOneKinds.map((kind) => [kind, roundOne.errors[kind].missed])),
    round2: roundTwo,
  },
};
await writeFile(
  output,
  `${JSON.stringify(
    {
      labels: 'bench/summarization/labelled-facts.json',
      snippets: snippets.length,
      check:
        'per kind: labelled = facts a person wrote down for the snippets; found = distinct values the extractor returned (instructions from user snippets only); correct = found values that are labelled (case-insensitive; an instruction also when one sentence holds the other; an entity pair when value and host both match). figures: round-1 snippets, indicators and instructions; round2: per half, `before` = indicators and instructions only (the extractor before round 2), `figures` = extractTextFacts.',
      runs,
    },
    null,
    1,
  )}\n`,
);
