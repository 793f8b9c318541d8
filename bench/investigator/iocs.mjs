// How well the investigator's IOC extractor finds the indicators an analyst would take from an alert
// (issue 26.8): bench/investigator/ioc-set, 103 alerts of 59 schemas, each labelled by hand by the rules in
// its README.md before the extractor ran on it. Two halves: tune (rounds 1-5, whose mistakes were seen
// while rules were chosen) and held-out (round 6: 12 real records of ../shared's security logs and 5
// written ones, from sources not used before, committed before the extractor ran on them: the honest
// out-of-sample figure).
// Scores per indicator kind, precision and recall, on each half and on each round, for the extractor
// ingest uses (`alertIocs`, over the parsed alert's keys and values with its rules for identifiers,
// digests, versions, links, endpoints and resource names) and, as the baseline in the same run, kioku's
// plain `extractIndicators` over the alert's JSON text (the same pattern extractor with no alert-specific
// rule). An indicator counts as found when its kind and its value (case aside) match a label. Checks on the
// held-out half: alertIocs' precision and recall over all kinds >= 0.9, and its precision not below the
// baseline's.
// Writes bench/results/investigator-iocs.json. Run after `npm run build`:  node bench/investigator/iocs.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractIndicators } from 'kioku/strategies';
import { alertIocs } from '../../apps/investigator/dist/alerts/index.js';

const repository = fileURLToPath(new URL('../../', import.meta.url));
const out = fileURLToPath(new URL('../results/investigator-iocs.json', import.meta.url));
const { alerts } = JSON.parse(readFileSync(new URL('./ioc-set/labels.json', import.meta.url), 'utf8'));

/** The alert a label names: a file, or the n-th element of a file holding an array (`file.json#n`). */
function readAlert(name) {
  const [file, index] = name.split('#');
  const value = JSON.parse(readFileSync(`${repository}${file}`, 'utf8'));
  return index === undefined ? value : value[Number(index)];
}

const key = (kind, value) => `${kind}:${value.toLowerCase()}`;
const extractors = {
  alertIocs: (value) => alertIocs(value).iocs,
  'baseline: extractIndicators over the JSON text': (value) => extractIndicators(JSON.stringify(value)),
};

const rows = [];
for (const [extractor, extract] of Object.entries(extractors)) {
  for (const labelled of alerts) {
    const expected = new Set(
      Object.entries(labelled.iocs).flatMap(([kind, values]) => values.map((value) => key(kind, value))),
    );
    const found = new Set(extract(readAlert(labelled.alert)).map((ioc) => key(ioc.kind, ioc.value)));
    for (const item of new Set([...expected, ...found])) {
      rows.push({
        extractor,
        split: labelled.split,
        alert: labelled.alert,
        kind: item.slice(0, item.indexOf(':')),
        item,
        outcome: expected.has(item) ? (found.has(item) ? 'tp' : 'fn') : 'fp',
      });
    }
  }
}

/** Precision and recall of `selected` rows; null where there is nothing to divide by. */
function score(selected) {
  const count = (outcome) => selected.filter((row) => row.outcome === outcome).length;
  const [tp, fp, fn] = [count('tp'), count('fp'), count('fn')];
  const ratio = (a, b) => (b === 0 ? null : Math.round((a / b) * 1000) / 1000);
  return {
    labelled: tp + fn,
    found: tp + fp,
    tp,
    fp,
    fn,
    precision: ratio(tp, tp + fp),
    recall: ratio(tp, tp + fn),
  };
}

const splits = ['tune', 'held-out'];
const kinds = [...new Set(rows.map((row) => row.kind))].sort();
const scores = {};
for (const extractor of Object.keys(extractors)) {
  scores[extractor] = {};
  for (const split of splits) {
    const mine = rows.filter((row) => row.extractor === extractor && row.split === split);
    scores[extractor][split] = {
      all: score(mine),
      byKind: Object.fromEntries(kinds.map((kind) => [kind, score(mine.filter((row) => row.kind === kind))])),
    };
  }
}
// Each round on its own, so a round's figure stays readable after it joins the tune half.
const roundOf = new Map(alerts.map((labelled) => [labelled.alert, labelled.round]));
const rounds = [...new Set(alerts.map((labelled) => labelled.round))].sort();
const byRound = Object.fromEntries(
  Object.keys(extractors).map((extractor) => [
    extractor,
    Object.fromEntries(
      rounds.map((round) => [
        round,
        score(rows.filter((row) => row.extractor === extractor && roundOf.get(row.alert) === round)),
      ]),
    ),
  ]),
);
const mistakes = rows
  .filter((row) => row.extractor === 'alertIocs' && row.outcome !== 'tp')
  .map(({ split, alert, item, outcome }) => ({ split, alert, item, outcome }));

const heldOut = scores.alertIocs['held-out'].all;
const baselineHeldOut = scores['baseline: extractIndicators over the JSON text']['held-out'].all;
const checks = [
  { check: 'held-out: alertIocs precision >= 0.9', value: heldOut.precision, pass: heldOut.precision >= 0.9 },
  { check: 'held-out: alertIocs recall >= 0.9', value: heldOut.recall, pass: heldOut.recall >= 0.9 },
  {
    check: "held-out: alertIocs precision >= the baseline's",
    value: `${heldOut.precision} vs ${baselineHeldOut.precision}`,
    pass: heldOut.precision >= baselineHeldOut.precision,
  },
];
writeFileSync(
  out,
  `${JSON.stringify({ bench: 'investigator-iocs', date: new Date().toISOString(), alerts: alerts.length, schemas: [...new Set(alerts.map((a) => a.schema))], scores, byRound, mistakes, checks }, null, 2)}\n`,
);

const cell = (s) =>
  `${String(s.precision ?? '-').padStart(5)} ${String(s.recall ?? '-').padStart(5)} ${String(`${s.tp}/${s.labelled}`).padStart(6)}`;
console.log(`${'extractor'.padEnd(48)} ${'split'.padEnd(9)} ${'kind'.padEnd(7)}  prec   rec  found/labelled`);
for (const extractor of Object.keys(extractors)) {
  for (const split of splits) {
    const { all, byKind } = scores[extractor][split];
    console.log(`${extractor.padEnd(48)} ${split.padEnd(9)} ${'all'.padEnd(7)} ${cell(all)}`);
    for (const kind of kinds)
      console.log(`${''.padEnd(48)} ${''.padEnd(9)} ${kind.padEnd(7)} ${cell(byKind[kind])}`);
  }
}
for (const extractor of Object.keys(extractors)) {
  for (const round of rounds)
    console.log(
      `${extractor.padEnd(48)} ${`round ${round}`.padEnd(9)} ${'all'.padEnd(7)} ${cell(byRound[extractor][round])}`,
    );
}
console.log('alertIocs mistakes:');
for (const m of mistakes)
  console.log(`  ${m.outcome} ${m.split.padEnd(8)} ${m.item}  (${m.alert.split('/').at(-1)})`);
for (const check of checks) console.log(`${check.pass ? 'PASS' : 'FAIL'} ${check.check}: ${check.value}`);
process.exitCode = checks.every((check) => check.pass) ? 0 : 1;
