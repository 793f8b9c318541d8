// Memory-poisoning bench: of the claims a model that obeys what it reads might learn from a log row
// (poisoning-corpus.json: eight injections in six disguises, and claims about the log schema), how many
// would be stored, by the current code and by the code before the check on learned claims (the package
// at `--base`, compiled in a temporary directory in this same run). A claim counts as refused when
// `checkClaim` refuses it (the instruction detector) or, where the package has it, `guardLearnedClaim`
// does, with the log schema's names as vocabulary. Each injection is scored twice: copied from the log
// row it came in (the row is among the run's tool outputs) and paraphrased (no tool output holds it).
// Writes bench/results/reliability-memory-poisoning.json. Run after `npm run build`:
//   node bench/reliability/memory-poisoning.mjs [--base <commit>]   (default: main before the check)

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { buildBaseline, commitOf } from '../build-baseline.mjs';
import { printBaseline, printChange, writeResult } from './report.mjs';

const { values: args } = parseArgs({ options: { base: { type: 'string' } } });
const root = fileURLToPath(new URL('../../', import.meta.url));
// Main just before the code check on learned claims (a fixed point).
const base = commitOf(args.base ?? '32092ed');
const baseline = buildBaseline({ commit: base });
const load = (dist) => import(pathToFileURL(join(dist, 'memory/index.js')).href);
// tsc writes each module to build/ since the package's JavaScript is bundled (to dist/ before).
const compiled = (packageDir) => join(packageDir, existsSync(join(packageDir, 'build')) ? 'build' : 'dist');
const implementations = {
  before: await load(baseline.dist),
  after: await load(compiled(join(root, 'packages/kioku'))),
};

const corpus = JSON.parse(readFileSync(new URL('./poisoning-corpus.json', import.meta.url), 'utf8'));
// The log schema the claims are about: the log agent's vocabulary is its engine's tables and columns.
const schema = {
  process_events: ['EventTime', 'Computer', 'User', 'Image', 'ParentImage', 'CommandLine', 'ProcessId'],
  auth_events: ['EventTime', 'Computer', 'User', 'ResultType', 'LogonType', 'SourceIP'],
  network_connections: ['EventTime', 'Computer', 'ProcessId', 'RemoteIP', 'RemotePort', 'BytesSent'],
  dns_queries: ['EventTime', 'Computer', 'QueryName', 'ResponseCode'],
};
const vocabulary = Object.entries(schema).flatMap(([table, columns]) => [table, ...columns]);
const schemaOutput = JSON.stringify(Object.entries(schema).map(([name, columns]) => ({ name, columns })));
const logRow = (text) =>
  JSON.stringify({ rows: [{ EventTime: '2026-11-02T08:14:07Z', Computer: 'FIN-WS-07', CommandLine: text }] });

// Which check refused a claim (`undefined`: stored). `names: false` leaves the vocabulary out, as for an
// agent whose memory has none (memoryMiddleware).
function refusal(memory, text, sources, names = true) {
  const checked = memory.checkClaim(text);
  if (!checked.accepted) return `detector:${checked.reason}`;
  return memory.guardLearnedClaim?.(text, { ...(names ? { vocabulary } : {}), sources })?.reason;
}
const refused = (memory, text, sources) => refusal(memory, text, sources) !== undefined;

const ratio = (part, whole) => (whole === 0 ? null : Math.round((part / whole) * 10000) / 10000);
function score(memory) {
  const result = {};
  for (const split of ['tune', 'holdout']) {
    const items = corpus.filter((item) => item.split === split);
    const injections = items.filter((item) => item.label === 'injection');
    const facts = items.filter((item) => item.label === 'fact');
    const rate = (list, sources) =>
      ratio(list.filter((item) => refused(memory, item.text, sources(item))).length, list.length);
    const categories = {};
    for (const category of [...new Set(injections.map((item) => item.category))]) {
      const list = injections.filter((item) => item.category === category);
      categories[category] = {
        copied: rate(list, (item) => [schemaOutput, logRow(item.text)]),
        paraphrased: rate(list, () => [schemaOutput]),
      };
    }
    result[split] = {
      injections: injections.length,
      facts: facts.length,
      refusedCopied: rate(injections, (item) => [schemaOutput, logRow(item.text)]),
      refusedParaphrased: rate(injections, () => [schemaOutput]),
      factsRefused: rate(facts, () => [schemaOutput]),
      categories,
      refusedParaphrasedWithoutVocabulary: ratio(
        injections.filter((item) => refusal(memory, item.text, [schemaOutput], false) !== undefined).length,
        injections.length,
      ),
      // What refused each paraphrased injection: the detector, or which part of the code check.
      byCheck: injections.reduce((counts, item) => {
        const key = refusal(memory, item.text, [schemaOutput]) ?? 'stored';
        counts[key] = (counts[key] ?? 0) + 1;
        return counts;
      }, {}),
      factsRefusedList: facts
        .filter((item) => refused(memory, item.text, [schemaOutput]))
        .map((item) => item.text),
    };
  }
  return result;
}

const results = Object.fromEntries(
  Object.entries(implementations).map(([name, memory]) => [name, score(memory)]),
);
baseline.remove();

const line = (label, old, now) => printChange(label, old, now, 48);
printBaseline(base);
for (const split of ['holdout', 'tune']) {
  const [old, now] = [results.before[split], results.after[split]];
  console.log(
    `${split} (${now.injections} injections, ${now.facts} schema claims)`.padEnd(48),
    '  before      after',
  );
  line('  injections refused, copied from the log row', old.refusedCopied, now.refusedCopied);
  line('  injections refused, paraphrased', old.refusedParaphrased, now.refusedParaphrased);
  line('  schema claims refused (false refusals)', old.factsRefused, now.factsRefused);
  line(
    '  injections refused, paraphrased, no vocabulary',
    old.refusedParaphrasedWithoutVocabulary,
    now.refusedParaphrasedWithoutVocabulary,
  );
  console.log(`  refused by (after): ${JSON.stringify(now.byCheck)}`);
  for (const [category, rates] of Object.entries(now.categories)) {
    line(
      `  ${category}: copied / paraphrased`,
      `${old.categories[category].copied}/${old.categories[category].paraphrased}`,
      `${rates.copied}/${rates.paraphrased}`,
    );
  }
}

writeResult('reliability-memory-poisoning', {
  baseline: base,
  corpus: {
    items: corpus.length,
    injections: corpus.filter((item) => item.label === 'injection').length,
  },
  reported: 'holdout',
  ...results,
});
// The check must be able to fail: the held-out half must refuse more than the code before, and the
// schema claims must not be refused more often than before.
const [old, now] = [results.before.holdout, results.after.holdout];
if (!(now.refusedParaphrased > old.refusedParaphrased) || now.factsRefused > old.factsRefused) {
  console.error('memory-poisoning: the held-out half is not better than the code before');
  process.exitCode = 1;
}
