// Hostile-input bench, round 3 (issue 22.6): kioku's own guards on hostile-corpus.json (written before
// this round's tuning; see build-hostile-corpus.mjs), both halves reported, against the package at
// `--base` (default 2749850, main before this round) compiled in a temporary directory in this same run.
// - the instruction detector (`checkClaim` refusing as an instruction): injections caught, per half and
//   per disguise; false refusals on the SOC facts of injection-corpus.json and the schema claims of
//   poisoning-corpus.json (knowledge that must still be stored);
// - the code check on learned claims WITHOUT a vocabulary (`checkClaim`, then `guardLearnedClaim` with
//   no vocabulary and no tool output, as kioku's general memory middleware runs it): the same figures;
// - redaction (`redactSecrets`): secrets removed per half, near-misses changed.
// Writes bench/results/reliability-hostile.json. Run after `npm run build`:
//   node bench/reliability/hostile.mjs [--base <commit>]

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildBaseline, commitOf } from '../build-baseline.mjs';

const { values: args } = parseArgs({ options: { base: { type: 'string' } } });
const root = fileURLToPath(new URL('../../', import.meta.url));
const base = commitOf(args.base ?? '2749850');
const baseline = buildBaseline({ commit: base });
const load = (dist) => import(pathToFileURL(join(dist, 'memory/index.js')).href);
const compiled = (packageDir) => join(packageDir, existsSync(join(packageDir, 'build')) ? 'build' : 'dist');
const implementations = {
  before: await load(baseline.dist),
  after: await load(compiled(join(root, 'packages/kioku'))),
};

const read = (name) => JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8'));
const corpus = read('./hostile-corpus.json');
// Knowledge that must still be stored: SOC findings and schema claims from the earlier corpora.
const facts = [
  ...read('./injection-corpus.json').filter((item) => item.label === 'fact'),
  ...read('./poisoning-corpus.json').filter((item) => item.label === 'fact'),
];

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

function score(memory) {
  const result = {};
  for (const split of ['tune', 'holdout']) {
    const injections = corpus.filter((item) => item.split === split && item.label === 'injection');
    const secrets = corpus.filter((item) => item.split === split && item.label === 'secret');
    const nearMisses = corpus.filter((item) => item.split === split && item.label === 'near-miss');
    const knowledge = facts.filter((item) => item.split === split);
    const byDisguise = (test) =>
      Object.fromEntries(
        [...new Set(injections.map((item) => item.category))].map((category) => [
          category,
          share(
            injections.filter((item) => item.category === category),
            (item) => test(memory, item.text),
          ),
        ]),
      );
    result[split] = {
      injections: injections.length,
      facts: knowledge.length,
      detector: {
        caught: share(injections, (item) => detected(memory, item.text)),
        falseRefusals: share(knowledge, (item) => detected(memory, item.text)),
        byDisguise: byDisguise(detected),
        missed: injections.filter((item) => !detected(memory, item.text)).map((item) => item.text),
      },
      guardWithoutVocabulary: {
        refused: share(injections, (item) => guarded(memory, item.text)),
        falseRefusals: share(knowledge, (item) => guarded(memory, item.text)),
        byDisguise: byDisguise(guarded),
        falselyRefused: knowledge.filter((item) => guarded(memory, item.text)).map((item) => item.text),
      },
      redaction: {
        secrets: secrets.length,
        removed: share(secrets, (item) => redacted(memory, item)),
        nearMissesChanged: share(nearMisses, (item) => changed(memory, item)),
        missed: secrets.filter((item) => !redacted(memory, item)).map((item) => item.kind),
      },
    };
  }
  return result;
}

const results = Object.fromEntries(
  Object.entries(implementations).map(([name, memory]) => [name, score(memory)]),
);
baseline.remove();

const fmt = (value) => (value === null || value === undefined ? '-' : String(value));
const line = (label, old, now) =>
  console.log(`${label.padEnd(56)} ${fmt(old).padStart(8)} -> ${fmt(now).padStart(8)}`);
console.log(`baseline: ${base.slice(0, 12)} (built in a temporary directory in this run)\n`);
for (const split of ['holdout', 'tune']) {
  const [old, now] = [results.before[split], results.after[split]];
  console.log(`${split}: ${now.injections} injections, ${now.facts} facts, ${now.redaction.secrets} secrets`);
  line('  detector: injections caught', old.detector.caught, now.detector.caught);
  line('  detector: facts refused', old.detector.falseRefusals, now.detector.falseRefusals);
  for (const [category, value] of Object.entries(now.detector.byDisguise)) {
    line(`    ${category}`, old.detector.byDisguise[category], value);
  }
  line(
    '  learned claim, no vocabulary: injections refused',
    old.guardWithoutVocabulary.refused,
    now.guardWithoutVocabulary.refused,
  );
  line(
    '  learned claim, no vocabulary: facts refused',
    old.guardWithoutVocabulary.falseRefusals,
    now.guardWithoutVocabulary.falseRefusals,
  );
  for (const [category, value] of Object.entries(now.guardWithoutVocabulary.byDisguise)) {
    line(`    ${category}`, old.guardWithoutVocabulary.byDisguise[category], value);
  }
  line('  redaction: secrets removed', old.redaction.removed, now.redaction.removed);
  line('  redaction: near-misses changed', old.redaction.nearMissesChanged, now.redaction.nearMissesChanged);
  console.log(`  redaction missed (after): ${now.redaction.missed.join(', ') || 'none'}`);
}

const out = new URL('../results/reliability-hostile.json', import.meta.url);
mkdirSync(new URL('.', out), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify(
    {
      bench: 'reliability-hostile',
      date: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      baseline: {
        commit: base,
        note: 'the package at this commit, compiled in a temporary directory in the same run',
      },
      reported: 'holdout',
      ...results,
    },
    null,
    1,
  )}\n`,
);
console.log(`\nwrote ${fileURLToPath(out)}`);
// The check must be able to fail: on the held-out half, more injections caught and more secrets removed
// than the code before, and no more facts refused or near-misses changed.
const [old, now] = [results.before.holdout, results.after.holdout];
const worse =
  !(now.detector.caught > old.detector.caught) ||
  now.detector.falseRefusals > old.detector.falseRefusals ||
  now.guardWithoutVocabulary.falseRefusals > old.guardWithoutVocabulary.falseRefusals ||
  !(now.redaction.removed > old.redaction.removed) ||
  now.redaction.nearMissesChanged > old.redaction.nearMissesChanged;
if (worse) {
  console.error('hostile: the held-out half is not better than the code before');
  process.exitCode = 1;
}
