// Replays the five dev sets (bench/strategies/dev-sets.mjs) call by call through the strategies whose
// "when" is a trigger of their own and that bench/strategies/replay.mjs does not cover: the adaptive
// manager (its stage thresholds) and context editing by tool-use count. Each is replayed within each
// run's own context window and within a 32k window (4k reserved for the answer), where every stage of
// the adaptive manager is reached, with the unmanaged history replayed in the same run as the baseline.
// Per set and configuration it records the calls, the calls the strategy edited, the tokens sent (and
// their ratio to the unmanaged history's), calls over the window, violations, and a digest (SHA-256) of
// what every call sent (tokens, messages, edits), so two runs of different code can be checked for
// deciding the same calls the same way: equal digests, same prompts sent.
// Run from the repository root after `npm run build`: `node bench/strategies/adaptive-replay.mjs`.
// Prints a table and writes bench/results/strategies-adaptive-replay.json.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adaptive, contextEditing, unmanaged } from 'kioku';
import { analyzeStrategies, resolvePricing } from 'kioku/replay';
import { loadModelOverrides } from 'kioku/strategies';
import { loadDevSets } from './dev-sets.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const output = join(root, 'bench/results/strategies-adaptive-replay.json');

const named = (name, strategy) => ({ ...strategy, name });
const configurations = () => [
  named('adaptive', adaptive()),
  named('adaptive-0.3-0.55-0.7', adaptive({ thresholds: { mask: 0.3, summarize: 0.55, truncate: 0.7 } })),
  named('context-editing-tool-uses-10', contextEditing({ trigger: { toolUses: 10 }, keep: 3 })),
];
const windows = {
  own: (_, pricing) => ({ contextWindow: pricing.model.contextWindow }),
  '32k': () => ({ contextWindow: 32_000, reservedOutputTokens: 4_000 }),
};
const modelOf = (set, transcript) =>
  transcript.model ?? set.model ?? transcript.calls.find((call) => call.model)?.model;
const sum = (values) => values.reduce((total, value) => total + value, 0);

const started = Date.now();
const rows = [];
for (const set of await loadDevSets()) {
  const overrides =
    set.pricingOverrides === undefined ? undefined : await loadModelOverrides(set.pricingOverrides);
  const transcripts = set.transcripts.map((transcript) => ({
    ...transcript,
    model: modelOf(set, transcript),
  }));
  for (const [window, budgetFor] of Object.entries(windows)) {
    const analysis = await analyzeStrategies({
      transcripts,
      baseline: unmanaged(),
      strategies: configurations(),
      pricingFor: (transcript) =>
        resolvePricing({ modelId: transcript.model, pricing: 'anthropic-style', overrides }),
      budgetFor,
    });
    const unmanagedTokens = sum(
      analysis.replays.filter((replay) => replay.strategy === 'unmanaged').map((r) => r.totals.inputTokens),
    );
    for (const { name } of configurations()) {
      const replays = analysis.replays.filter((replay) => replay.strategy === name);
      const calls = replays.flatMap((replay) => replay.calls);
      const digest = createHash('sha256');
      for (const replay of replays) {
        digest.update(`${replay.transcript.file}#${replay.transcript.id}\n`);
        for (const call of replay.calls)
          digest.update(`${call.inputTokens} ${call.sentMessages} ${call.edits}\n`);
      }
      const inputTokens = sum(replays.map((replay) => replay.totals.inputTokens));
      rows.push({
        set: set.name,
        window,
        strategy: name,
        runs: replays.length,
        calls: calls.length,
        callsEdited: calls.filter((call) => call.edits > 0).length,
        inputTokens,
        inputTokensRatio: Number((inputTokens / unmanagedTokens).toFixed(4)),
        callsOverWindow: calls.filter((call) => call.overWindow).length,
        violations: sum(replays.map((replay) => replay.totals.violations)),
        digest: digest.digest('hex').slice(0, 16),
      });
    }
  }
  process.stderr.write(`${set.name}: done (${Math.round((Date.now() - started) / 1000)} s)\n`);
}

console.table(rows);
await mkdir(dirname(output), { recursive: true });
await writeFile(
  output,
  `${JSON.stringify({ date: new Date().toISOString(), seconds: Math.round((Date.now() - started) / 1000), rows }, null, 2)}\n`,
);
console.log(`wrote ${output}`);
