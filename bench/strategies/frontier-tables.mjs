// Prints the Markdown tables docs/benchmarks.md and docs/strategies.md show of the default's re-pick, from
// the committed bench/results/strategies-default-frontier.json (written by default-frontier.mjs), so the
// docs' figures are regenerated from the results rather than copied by hand.
// - `--frontier` (default): one row per configuration — held-out pooled long-run input tokens × and cached
//   cost × (Anthropic-style), held-out hidden-fact rate on OpenHands / mini-swe-agent / SQL, the most it
//   costs against unmanaged on any workload under any pricing and its worst single run (pick / held out);
// - `--sets`: one row per set and configuration, both halves.
// Run from the repository root: `node bench/strategies/frontier-tables.mjs [--sets]`.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const results = JSON.parse(
  await readFile(join(root, 'bench/results/strategies-default-frontier.json'), 'utf8'),
);
const { figures, workloads, chosen, perRunWorst } = results;
const halves = ['pick', 'held-out'];
const pricings = Object.keys(results.pricings);
const fixed = (value) => (value === null || value === undefined ? '–' : value.toFixed(3));
const percent = (value) => (value === null || value === undefined ? '–' : `${(value * 100).toFixed(1)}%`);
const label = (name) => (name === chosen ? `**${name}** (chosen)` : name);
const names = Object.keys(figures.pick['long-run sets pooled']);
const short = {
  'mini-swe-agent deepseek-chat': 'mini-swe-agent',
  'OpenHands claude-3.5-sonnet': 'OpenHands',
  'ExCyTIn/SecRL SQL': 'SQL investigations',
};
const setNames = Object.keys(figures.pick).filter((set) => set !== 'long-run sets pooled');
const setOf = (pattern) => setNames.find((set) => pattern.test(set));

/** The most a configuration costs against unmanaged on any workload of one half, under any pricing. */
const worstWorkload = (name, half) =>
  Math.max(...Object.values(workloads[half]).flatMap((byStrategy) => Object.values(byStrategy[name])));
/** A configuration's worst single run of one half, any workload and pricing (candidates only). */
const worstRun = (name, half) =>
  perRunWorst[name] === undefined
    ? null
    : Math.max(
        ...Object.values(perRunWorst[name][half]).flatMap((byPricing) =>
          Object.values(byPricing).map(({ ratio }) => ratio ?? 0),
        ),
      );

if (process.argv.includes('--sets')) {
  console.log(
    '| set | configuration | input × | cached input cost × (native / Claude / Anthropic-style) | hidden (outputs alone) | write-hidden |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const set of setNames) {
    for (const name of names) {
      const [pick, held] = halves.map((half) => figures[half][set][name]);
      const costs = (entry) =>
        pricings.map((pricing) => fixed(entry[`costCachedRatio_${pricing}`])).join(' / ');
      const hidden = (entry) => `${percent(entry.hiddenFactRate)} (${percent(entry.hiddenOutputFactRate)})`;
      const write =
        pick.writeCalls === 0 ? '–' : `${percent(pick.writeHiddenRate)} / ${percent(held.writeHiddenRate)}`;
      console.log(
        `| ${short[set] ?? set} | ${label(name)} | ${fixed(pick.inputTokensRatio)} / ${fixed(held.inputTokensRatio)} | ${costs(pick)}; held out ${costs(held)} | ${hidden(pick)} / ${hidden(held)} | ${write} |`,
      );
    }
  }
} else {
  const long = figures['held-out']['long-run sets pooled'];
  const hiddenSets = [setOf(/OpenHands/), setOf(/mini-swe/), setOf(/SQL/)];
  console.log(
    '| configuration | long runs: input tokens × / cached cost × | calls with a hidden fact: OpenHands / mini-swe-agent / SQL | worst workload, cached cost × (pick / held out) | worst single run × (pick / held out) |',
  );
  console.log('|---|---|---|---|---|');
  for (const name of names) {
    const hidden = hiddenSets.map((set) => percent(figures['held-out'][set][name].hiddenFactRate));
    const run = halves.map((half) => worstRun(name, half));
    console.log(
      `| ${label(name)} | ${fixed(long[name].inputTokensRatio)} / ${fixed(long[name]['costCachedRatio_anthropic-style'])} | ${hidden.join(' / ')} | ${halves.map((half) => fixed(worstWorkload(name, half))).join(' / ')} | ${run[0] === null ? '–' : run.map(fixed).join(' / ')} |`,
    );
  }
  // The reference every ratio is taken against.
  console.log('| unmanaged | 1 / 1 | 0% | 1 / 1 | 1 / 1 |');
}
