// Reliability bench: what a hostile or unlucky day does to kioku's guards, measured on labelled sets,
// against the code before the issue-10 changes built in a temporary directory in the same run.
// - injection detector (`detectInstruction`) on injection-corpus.json (SOC facts vs injections, tune and
//   holdout halves): precision and recall per half, recall per injection category, false rejections per
//   fact category;
// - redaction (`redactSecrets`) on secrets-corpus.json (a tune half the rules were written against, a
//   holdout half written afterwards): coverage per rule, false-redaction rate on near-misses (hashes,
//   UUIDs, IOCs that must stay);
// - overflow detection (`detectContextOverflow`): confusion matrix over the captured provider errors,
//   the constructed lookalikes and a RetryError whose last error is an overflow after a 429.
// Writes bench/results/reliability.json. Run after `npm run build`:
//   node bench/reliability/run.mjs [--base <commit>]   (default base: main before the issue-10 fixes)

import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { RetryError } from 'ai';
import { errorFixtures, fixtureError } from 'kioku/test';
import { printBaseline, printChange, writeResult } from './report.mjs';

const { values: args } = parseArgs({ options: { base: { type: 'string' } } });
const root = fileURLToPath(new URL('../../', import.meta.url));
const git = (...argv) => execFileSync('git', argv, { cwd: root, encoding: 'utf8' }).trim();
// The last commit of main before the issue-10 reliability fixes: a fixed point, so the comparison still
// means something once the fixes are on main.
const base = args.base ?? git('rev-parse', '4de06014c8ec');

// The baseline: the package at `base`, compiled with the same compiler, importing the same node_modules.
const temp = mkdtempSync(join(tmpdir(), 'kioku-baseline-'));
execSync(`git archive ${base} packages/kioku tsconfig.base.json | tar -x -C ${JSON.stringify(temp)}`, {
  cwd: root,
});
symlinkSync(join(root, 'node_modules'), join(temp, 'node_modules'));
execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(temp, 'packages/kioku/tsconfig.build.json')]);
const load = async (dist) => ({
  memory: await import(pathToFileURL(join(dist, 'memory/index.js')).href),
  // The detectors moved from triggers/ to overflow/ after the fixed point.
  triggers: await import(
    pathToFileURL(
      join(dist, existsSync(join(dist, 'overflow/index.js')) ? 'overflow/index.js' : 'triggers/index.js'),
    ).href
  ),
});
// tsc writes each module to build/ since the package's JavaScript is bundled (to dist/ before).
const compiled = (packageDir) => join(packageDir, existsSync(join(packageDir, 'build')) ? 'build' : 'dist');
const implementations = {
  before: await load(compiled(join(temp, 'packages/kioku'))),
  after: await load(compiled(join(root, 'packages/kioku'))),
};

const ratio = (numerator, denominator) => (denominator === 0 ? null : round(numerator / denominator));
const round = (value) => Math.round(value * 10000) / 10000;
const json = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));

// --- Injection detector.
const corpus = json('./injection-corpus.json');
function scoreInjections({ memory }) {
  const flagged = corpus.map((item) => memory.detectInstruction(item.text) !== undefined);
  const halves = {};
  for (const split of ['tune', 'holdout', 'all']) {
    const counts = { truePositives: 0, falsePositives: 0, falseNegatives: 0, trueNegatives: 0 };
    corpus.forEach((item, index) => {
      if (split !== 'all' && item.split !== split) return;
      const injection = item.label === 'injection';
      if (flagged[index]) counts[injection ? 'truePositives' : 'falsePositives']++;
      else counts[injection ? 'falseNegatives' : 'trueNegatives']++;
    });
    halves[split] = {
      ...counts,
      precision: ratio(counts.truePositives, counts.truePositives + counts.falsePositives),
      recall: ratio(counts.truePositives, counts.truePositives + counts.falseNegatives),
    };
  }
  const categories = {};
  corpus.forEach((item, index) => {
    const key = `${item.label}:${item.category}`;
    categories[key] ??= { items: 0, flagged: 0 };
    const entry = categories[key];
    entry.items++;
    if (flagged[index]) entry.flagged++;
  });
  for (const entry of Object.values(categories)) entry.flaggedRate = ratio(entry.flagged, entry.items);
  const wrong = corpus
    .filter((item, index) => flagged[index] !== (item.label === 'injection'))
    .map(({ label, category, split, text }) => ({ label, category, split, text: text.slice(0, 160) }));
  return { halves, categories, wrong };
}

// --- Redaction.
const secrets = json('./secrets-corpus.json');
function scoreRedaction({ memory }) {
  const halves = {};
  for (const split of ['tune', 'holdout', 'all']) {
    halves[split] = redactionFigures(
      memory,
      secrets.filter((item) => split === 'all' || item.split === split),
    );
  }
  return halves;
}

function redactionFigures(memory, items) {
  const rules = {};
  let nearMisses = 0;
  let falselyRedacted = 0;
  const wrong = [];
  for (const item of items) {
    const { text } = memory.redactSecrets(item.text);
    if (item.label === 'near-miss') {
      nearMisses++;
      if (text !== item.text) {
        falselyRedacted++;
        wrong.push({ label: item.label, text: item.text, redacted: text });
      }
      continue;
    }
    rules[item.kind] ??= { secrets: 0, removed: 0 };
    const rule = rules[item.kind];
    rule.secrets++;
    if (!text.includes(item.secret)) rule.removed++;
    else wrong.push({ label: item.label, kind: item.kind, text: item.text, redacted: text });
  }
  let total = 0;
  let removed = 0;
  for (const rule of Object.values(rules)) {
    rule.coverage = ratio(rule.removed, rule.secrets);
    total += rule.secrets;
    removed += rule.removed;
  }
  return {
    coverage: ratio(removed, total),
    falseRedactionRate: ratio(falselyRedacted, nearMisses),
    secrets: total,
    nearMisses,
    rules,
    wrong,
  };
}

// --- Overflow detection.
const sources = errorFixtures();
const byFile = (file) => sources.find((source) => source.file === file);
const overflowCases = [
  ...sources.map((source) => ({
    name: source.file,
    kind: source.file.startsWith('lookalike-') ? 'constructed lookalike' : 'captured',
    overflow: source.overflow !== false,
    error: fixtureError(source),
  })),
  {
    name: 'RetryError: 429 then anthropic-prompt-too-long',
    kind: 'constructed retry',
    overflow: true,
    error: new RetryError({
      message: 'Failed after 2 attempts',
      reason: 'errorNotRetryable',
      errors: [
        fixtureError(byFile('anthropic-rate-limit.json')),
        fixtureError(byFile('anthropic-prompt-too-long.json')),
      ],
    }),
  },
];
function scoreOverflow({ triggers }) {
  const matrix = { truePositives: 0, falsePositives: 0, falseNegatives: 0, trueNegatives: 0 };
  const wrong = [];
  for (const { name, kind, overflow, error } of overflowCases) {
    const detected = triggers.detectContextOverflow(error) !== undefined;
    if (detected) matrix[overflow ? 'truePositives' : 'falsePositives']++;
    else matrix[overflow ? 'falseNegatives' : 'trueNegatives']++;
    if (detected !== overflow) wrong.push({ name, kind, overflow, detected });
  }
  return { cases: overflowCases.length, ...matrix, wrong };
}

const results = {};
for (const [name, implementation] of Object.entries(implementations)) {
  results[name] = {
    injection: scoreInjections(implementation),
    redaction: scoreRedaction(implementation),
    overflow: scoreOverflow(implementation),
  };
}
rmSync(temp, { recursive: true, force: true });

const { before, after } = results;
const line = (label, old, now) => printChange(label, old, now, 44);
printBaseline(base);
console.log(`${'injection detector'.padEnd(44)} ${'before'.padStart(8)}    ${'after'.padStart(8)}`);
for (const split of ['tune', 'holdout']) {
  line(
    `  ${split} precision`,
    before.injection.halves[split].precision,
    after.injection.halves[split].precision,
  );
  line(`  ${split} recall`, before.injection.halves[split].recall, after.injection.halves[split].recall);
}
for (const key of Object.keys(after.injection.categories).sort()) {
  const label = key.startsWith('fact:')
    ? `  false rejections, ${key.slice(5)}`
    : `  recall, ${key.slice(10)}`;
  line(label, before.injection.categories[key]?.flaggedRate, after.injection.categories[key].flaggedRate);
}
console.log('\nredaction');
for (const split of ['tune', 'holdout']) {
  const [old, now] = [before.redaction[split], after.redaction[split]];
  line(`  ${split} coverage (secrets removed)`, old.coverage, now.coverage);
  line(`  ${split} false-redaction rate (near-misses)`, old.falseRedactionRate, now.falseRedactionRate);
}
for (const kind of Object.keys(after.redaction.all.rules).sort()) {
  line(
    `  coverage, ${kind}`,
    before.redaction.all.rules[kind]?.coverage,
    after.redaction.all.rules[kind].coverage,
  );
}
console.log('\noverflow detection (captured + lookalikes + retry)');
for (const key of ['truePositives', 'falsePositives', 'falseNegatives', 'trueNegatives']) {
  line(`  ${key}`, before.overflow[key], after.overflow[key]);
}

writeResult('reliability', {
  baseline: base,
  corpora: {
    injection: { items: corpus.length, facts: corpus.filter((item) => item.label === 'fact').length },
    secrets: {
      items: secrets.length,
      nearMisses: secrets.filter((item) => item.label === 'near-miss').length,
    },
    overflowCases: overflowCases.length,
  },
  before,
  after,
});
