// Hostile-input bench (issue 22.6): kioku's own guards on hostile-corpus.json (see
// build-hostile-corpus.mjs: rounds 3 and 4 are the tune half, round 5 — written and committed before this
// round's changes — the held-out half), both halves reported, against the package at `--base` (default
// 3ec12bb, main before round 4) compiled in a temporary directory in this same run.
// - the instruction detector (`checkClaim` refusing as an instruction): injections caught, per half and
//   per disguise, and per disguise among the injections whose plain text it catches (does it read
//   through a disguise, apart from knowing the phrasing); false refusals on the SOC facts of
//   injection-corpus.json and poisoning-corpus.json and on benign tool outputs and log rows;
// - the code check on learned claims WITHOUT a vocabulary (`checkClaim`, then `guardLearnedClaim` with
//   no vocabulary and no tool output, as kioku's general memory middleware runs it): the same figures;
// - redaction (`redactSecrets`): secrets removed per half, near-misses changed.
// With `--previous <commit>` (this round's starting point, main before the round's changes) that package
// is scored too, in the same run, so the result shows what the round itself changed.
// Writes bench/results/reliability-hostile.json. Run after `npm run build`:
//   node bench/reliability/hostile.mjs [--base <commit>] [--previous <commit>]

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildBaseline, commitOf } from '../build-baseline.mjs';
import { printBaseline, printChange, writeResult } from './report.mjs';

const { values: args } = parseArgs({
  options: { base: { type: 'string' }, previous: { type: 'string' } },
});
const root = fileURLToPath(new URL('../../', import.meta.url));
const base = commitOf(args.base ?? '3ec12bb');
const previousCommit = args.previous === undefined ? undefined : commitOf(args.previous);
const baseline = buildBaseline({ commit: base });
const previousBaseline = previousCommit === undefined ? undefined : buildBaseline({ commit: previousCommit });
const load = (dist) => import(pathToFileURL(join(dist, 'memory/index.js')).href);
const compiled = (packageDir) => join(packageDir, existsSync(join(packageDir, 'build')) ? 'build' : 'dist');
const implementations = {
  before: await load(baseline.dist),
  ...(previousBaseline && { previous: await load(previousBaseline.dist) }),
  after: await load(compiled(join(root, 'packages/kioku'))),
};

const read = (name) => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'));
const corpus = read('./hostile-corpus.json');
// Knowledge that must still be stored: SOC findings and schema claims from the earlier corpora.
const facts = [
  ...read('./injection-corpus.json').filter((item) => item.label === 'fact'),
  ...read('./poisoning-corpus.json').filter((item) => item.label === 'fact'),
];
// Round 4 disguises round 3's injections; rounds 3 and 5 have their own plain texts.
const plainKey = (item) => `${item.round === 4 ? 3 : item.round}:${item.injection}`;
const plainOf = new Map(
  corpus
    .filter((item) => item.label === 'injection' && item.category === 'plain')
    .map((item) => [plainKey(item), item.text]),
);

// Round 4's encoders whose output is not words (see build-hostile-corpus.mjs).
const encodedCategories = new Set([
  'base64',
  'base64-in-tool-call',
  'double-url-encoded',
  'hex-escapes',
  'spaced-hex',
  'unicode-escapes',
  'html-entities',
  'quoted-printable',
]);
const ratio = (part, whole) => (whole === 0 ? null : Math.round((part / whole) * 10000) / 10000);
const share = (list, test) => ratio(list.filter(test).length, list.length);
const detected = (memory, text) => {
  const checked = memory.checkClaim(text);
  return !checked.accepted && checked.reason === 'instruction';
};
const guarded = (memory, text) =>
  !memory.checkClaim(text).accepted || memory.guardLearnedClaim?.(text, {}) !== undefined;
const redacted = (memory, item) => !memory.redactSecrets(item.text).text.includes(item.secret);
const changed = (memory, item) => memory.redactSecrets(item.text).redactions.length > 0;
const byCategory = (list, test) =>
  Object.fromEntries(
    [...new Set(list.map((item) => item.category))].map((category) => [
      category,
      share(
        list.filter((item) => item.category === category),
        test,
      ),
    ]),
  );

function scoreCheck(memory, check, { injections, knowledge, benign }) {
  const test = (item) => check(memory, item.text);
  // The disguised injections whose plain text this check refuses: what the disguise alone costs.
  const plainCaught = injections.filter(
    (item) => item.category !== 'translated' && check(memory, plainOf.get(plainKey(item))),
  );
  return {
    caught: share(injections, test),
    caughtWherePlainCaught: share(plainCaught, test),
    factsRefused: share(knowledge, test),
    benignRefused: share(benign, test),
    // The guard refuses any claim that carries encoded text, benign or not: the outputs in words.
    benignInWordsRefused: share(
      benign.filter((item) => !encodedCategories.has(item.category)),
      test,
    ),
    byDisguise: byCategory(injections, test),
    byDisguiseWherePlainCaught: byCategory(plainCaught, test),
    benignRefusedByCategory: byCategory(benign, test),
    missed: injections
      .filter((item) => !test(item))
      .map((item) => `${item.category}: ${item.text.slice(0, 80)}`),
    falselyRefused: [...knowledge, ...benign].filter(test).map((item) => item.text),
  };
}

function score(memory) {
  const result = {};
  for (const split of ['tune', 'holdout']) {
    const of = (label) => corpus.filter((item) => item.split === split && item.label === label);
    const sets = {
      injections: of('injection'),
      knowledge: facts.filter((item) => item.split === split),
      benign: of('benign'),
    };
    const secrets = of('secret');
    const nearMisses = of('near-miss');
    result[split] = {
      injections: sets.injections.length,
      facts: sets.knowledge.length,
      benign: sets.benign.length,
      detector: scoreCheck(memory, detected, sets),
      guardWithoutVocabulary: scoreCheck(memory, guarded, sets),
      redaction: {
        secrets: secrets.length,
        removed: share(secrets, (item) => redacted(memory, item)),
        nearMissesChanged: share(nearMisses, (item) => changed(memory, item)),
        missed: secrets.filter((item) => !redacted(memory, item)).map((item) => item.kind),
        nearMissesChangedKinds: nearMisses.filter((item) => changed(memory, item)).map((item) => item.kind),
      },
    };
  }
  return result;
}

const results = Object.fromEntries(
  Object.entries(implementations).map(([name, memory]) => [name, score(memory)]),
);
baseline.remove();
previousBaseline?.remove();

printBaseline(base);
for (const split of ['holdout', 'tune']) {
  const [old, now] = [results.before[split], results.after[split]];
  console.log(
    `${split}: ${now.injections} injections, ${now.facts} facts, ${now.benign} benign outputs, ${now.redaction.secrets} secrets`,
  );
  for (const [check, title] of [
    ['detector', 'detector'],
    ['guardWithoutVocabulary', 'learned claim, no vocabulary'],
  ]) {
    const [was, is] = [old[check], now[check]];
    printChange(`  ${title}: injections refused`, was.caught, is.caught);
    printChange(
      `  ${title}: where the plain text is refused`,
      was.caughtWherePlainCaught,
      is.caughtWherePlainCaught,
    );
    printChange(`  ${title}: facts refused`, was.factsRefused, is.factsRefused);
    printChange(`  ${title}: benign outputs refused`, was.benignRefused, is.benignRefused);
    printChange(
      `  ${title}: benign outputs in words refused`,
      was.benignInWordsRefused,
      is.benignInWordsRefused,
    );
    for (const [category, value] of Object.entries(is.byDisguise)) {
      printChange(
        `    ${category} (where plain refused)`,
        `${was.byDisguise[category]} (${was.byDisguiseWherePlainCaught[category] ?? '-'})`,
        `${value} (${is.byDisguiseWherePlainCaught[category] ?? '-'})`,
      );
    }
  }
  printChange('  redaction: secrets removed', old.redaction.removed, now.redaction.removed);
  printChange(
    '  redaction: near-misses changed',
    old.redaction.nearMissesChanged,
    now.redaction.nearMissesChanged,
  );
  console.log(`  redaction missed (after): ${now.redaction.missed.join(', ') || 'none'}`);
}

if (results.previous !== undefined) {
  const [was, is] = [results.previous.holdout, results.after.holdout];
  console.log(`\nthis round, holdout, from ${previousCommit.slice(0, 12)} (built in this run):`);
  printChange('  detector: injections refused', was.detector.caught, is.detector.caught);
  printChange('  detector: benign outputs refused', was.detector.benignRefused, is.detector.benignRefused);
  printChange(
    '  learned claim, no vocabulary: injections refused',
    was.guardWithoutVocabulary.caught,
    is.guardWithoutVocabulary.caught,
  );
  printChange('  redaction: secrets removed', was.redaction.removed, is.redaction.removed);
  printChange(
    '  redaction: near-misses changed',
    was.redaction.nearMissesChanged,
    is.redaction.nearMissesChanged,
  );
}
writeResult('reliability-hostile', {
  baseline: base,
  ...(previousCommit && { previousCommit }),
  reported: 'holdout',
  ...results,
});
// The check must be able to fail: on the held-out half, more injections caught and more secrets removed
// than the code before; no more facts refused or near-misses changed; benign outputs refused at most 2%.
const [old, now] = [results.before.holdout, results.after.holdout];
const worse =
  !(now.detector.caught > old.detector.caught) ||
  now.detector.factsRefused > old.detector.factsRefused ||
  now.detector.benignRefused > 0.02 ||
  now.guardWithoutVocabulary.factsRefused > old.guardWithoutVocabulary.factsRefused ||
  !(now.redaction.removed > old.redaction.removed) ||
  now.redaction.nearMissesChanged > old.redaction.nearMissesChanged;
if (worse) {
  console.error('hostile: the held-out half is not better than the code before');
  process.exitCode = 1;
}
