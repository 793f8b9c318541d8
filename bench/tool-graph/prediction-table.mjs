// Prints the Markdown table docs/agents.md shows of next-tool prediction, from the committed
// bench/results/tool-graph-predict.json (written by predict.mjs), so the docs' figures are regenerated from
// the result rather than copied by hand: per set of the test halves, top-1 of the next tool and of the tool
// with its arguments (`top1WithInput`: the parameter filler's best guess, at any reliability), the
// majority class and plain first- and second-order graphs on the same split, the steps bypassed at the
// chosen θ (and how often rightly) and narrowed to the chosen top-k (and how often the agent's action was
// kept); a set measured on its calls' key argument gets a row of its own. Then the timing line's figures.
// Run from the repository root: `node bench/tool-graph/prediction-table.mjs`.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const { defaults, results, timing } = JSON.parse(
  await readFile(join(root, 'bench/results/tool-graph-predict.json'), 'utf8'),
);
const fixed = (value) => (value === null || value === undefined ? '–' : value.toFixed(3));
const percent = (value) => (value === null || value === undefined ? '–' : `${(value * 100).toFixed(1)}%`);
const share = (value, right) => (value === 0 ? '0%' : `${percent(value)} (${percent(right)})`);

console.log(
  `| set | top-1 next tool (with arguments) | majority class / plain 1st / 2nd order | at θ ${defaults.theta}: bypassed (right) | narrowed to ≤ ${defaults.topK} tools (agent's action kept) |`,
);
console.log('|---|---|---|---|---|');
for (const result of results) {
  const at = result.thresholds.find((threshold) => threshold.theta === defaults.theta);
  console.log(
    `| ${result.set} | ${fixed(result.top1)} (${fixed(result.top1WithInput)}) | ${fixed(result.majorityTop1)} / ${fixed(result.plainFirstOrderTop1)} / ${fixed(result.plainSecondOrderTop1)} | ${share(at.bypassedShare, at.bypassRight)} | ${share(at.narrowedShare, at.narrowedKept)} |`,
  );
  const key = result.keyArgument;
  if (key !== undefined) {
    console.log(
      `| ${result.set}, tool and key argument (${key.actions} actions) | ${fixed(key.top1)} | ${fixed(key.majorityTop1)} / ${fixed(key.plainFirstOrderTop1)} / ${fixed(key.plainSecondOrderTop1)} | – | – |`,
    );
  }
}
console.log(
  `\ntiming: ${timing.transitions} transitions, ${timing.tools} tools: p95 ${timing.predictP95MicrosWithinRun} µs within a run, ${timing.predictP95MicrosCold} µs cold, Map lookup ${timing.mapLookupP95Micros} µs`,
);
