// What the investigator's IOC extractor costs on hostile alerts (issue 26.8): `alertIocs` runs on every
// untrusted alert the webhook takes, so its CPU must grow with the alert's size and no faster. Alerts: the
// health bench's 20,000 IP addresses (and 5,000 and 80,000 of them), and text made to make a careless
// pattern backtrack (`a.a.a…=`, which once cost 4.7 s for 40 KB: a `\b` at every label), 20 KB to 320 KB.
// Baseline in the same run: kioku's plain `extractIndicators` over the alert's JSON text. CPU time
// (process.cpuUsage, median of 5 after a warm-up), so the machine's load does not count. Checks: each 4x
// larger alert costs at most 6x the CPU (linear is 4x, quadratic 16x) or, where the engine's own memory
// growth shows in the plain extractor too (80,000 distinct strings), at most 1.5x the plain extractor's
// growth; and the 20,000-address alert at most 4x the plain extractor.
// Writes bench/results/investigator-iocs-cost.json. Run after `npm run build`:  node bench/investigator/iocs-cost.mjs
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractIndicators } from 'kioku/strategies';
import { alertIocs } from '../../apps/investigator/dist/alerts/index.js';

const out = fileURLToPath(new URL('../results/investigator-iocs-cost.json', import.meta.url));
const addresses = (count) => ({
  title: 'Scan from many addresses',
  host: 'web-01',
  sources: Array.from({ length: count }, (_, i) => `185.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`),
});
const backtracking = (bytes) => ({ title: 'Labels', data: `${'a.'.repeat(bytes / 2)}=` });
const extractors = {
  alertIocs: (alert) => alertIocs(alert),
  'baseline: extractIndicators over the JSON text': (alert) => extractIndicators(JSON.stringify(alert)),
};

/** Median CPU milliseconds of `run(alert)` over 5 runs after one warm-up. */
function cpu(run, alert) {
  run(alert);
  const times = [];
  for (let round = 0; round < 5; round += 1) {
    const start = process.cpuUsage();
    run(alert);
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  return Math.round(times.sort((a, b) => a - b)[2] * 10) / 10;
}

const series = {
  'IP addresses': [5_000, 20_000, 80_000].map((count) => [count, addresses(count)]),
  'a.a.a… bytes': [20_000, 80_000, 320_000].map((bytes) => [bytes, backtracking(bytes)]),
};
const results = {};
const checks = [];
for (const [name, alerts] of Object.entries(series)) {
  results[name] = alerts.map(([size, alert]) => ({
    size,
    ...Object.fromEntries(Object.entries(extractors).map(([extractor, run]) => [extractor, cpu(run, alert)])),
  }));
  const rows = results[name];
  const plain = 'baseline: extractIndicators over the JSON text';
  const grew = (index, extractor) =>
    Math.round((rows[index][extractor] / Math.max(rows[index - 1][extractor], 0.1)) * 100) / 100;
  for (let index = 1; index < rows.length; index += 1) {
    const [growth, baseline] = [grew(index, 'alertIocs'), grew(index, plain)];
    checks.push({
      check: `${name}: alertIocs CPU from ${rows[index - 1].size} to ${rows[index].size} (4x) grows <= 6x or <= 1.5x the plain extractor's growth`,
      value: `${growth}x (plain ${baseline}x)`,
      pass: growth <= Math.max(6, 1.5 * baseline),
    });
  }
}
const twenty = results['IP addresses'].find((row) => row.size === 20_000);
const ratio =
  Math.round((twenty.alertIocs / twenty['baseline: extractIndicators over the JSON text']) * 100) / 100;
checks.push({
  check: '20,000 addresses: alertIocs CPU <= 4x the plain extractor',
  value: ratio,
  pass: ratio <= 4,
});

writeFileSync(
  out,
  `${JSON.stringify({ bench: 'investigator-iocs-cost', date: new Date().toISOString(), unit: 'CPU ms, median of 5', results, checks }, null, 2)}\n`,
);
for (const [name, rows] of Object.entries(results)) {
  for (const row of rows)
    console.log(
      `${name.padEnd(14)} ${String(row.size).padStart(7)}  alertIocs ${String(row.alertIocs).padStart(7)} ms  plain ${String(row['baseline: extractIndicators over the JSON text']).padStart(7)} ms`,
    );
}
for (const check of checks) console.log(`${check.pass ? 'PASS' : 'FAIL'} ${check.check}: ${check.value}`);
process.exitCode = checks.every((check) => check.pass) ? 0 : 1;
