// Real peer code against kioku's models of it, call by call on recorded dev runs: LangChain.js' agent
// loop with `contextEditingMiddleware` and the AI SDK's `generateText` loop with the documented
// `pruneMessages` recipe run here over scripted models replaying the recorded responses; OpenHands'
// observation masking is compared with the output of its own Python code at sampled calls
// (fixtures/openhands-masking.json, made by python-fixtures.mjs), and so is SWE-agent's
// `last_n_observations` (fixtures/swe-agent-last-n.json) and SWE-agent ≥ 1.1's `cache_control`
// processor at every call of 4 runs (fixtures/swe-agent-cache-control.json: breakpoint positions, and
// the cached input cost they imply under Anthropic's caching). Prompts are counted with kioku's counter
// for the run's model. Fails (exit 1) when any call's modelled tokens (for cache_control: tokens,
// breakpoint positions or cost) are more than 2% off.
// Run from the repository root after `npm run build`: `node bench/peers/check.mjs`.
// Prints real vs modelled tokens at sampled calls and writes bench/results/peers-real-vs-model.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSets } from '../tokens/load-sets.mjs';
import {
  aiSdkCheck,
  langChainCheck,
  loadFixture,
  openHandsCheck,
  sweAgentCacheControlCheck,
  sweAgentCheck,
} from './peer-checks.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const output = join(root, 'bench/results/peers-real-vs-model.json');
const tolerance = 0.02;

/** Runs replayed through the real JS loops, with the trigger each is run at (tokens). */
const jsSamples = [
  { set: 1, id: 'django__django-11149', trigger: 15_000 },
  { set: 1, id: 'django__django-11265', trigger: 30_000 },
  { set: 0, id: 'pylint-dev__astroid-1333', trigger: 30_000 },
  { set: 0, id: 'marshmallow-code__marshmallow-1343', trigger: 20_000 },
];

/** A few calls to print: a quarter, half, three quarters, the last, and the worst. */
function sampled(calls) {
  const picks = new Set([0.25, 0.5, 0.75, 1].map((f) => Math.max(0, Math.ceil(f * calls.length) - 1)));
  const worst = calls.reduce((a, b) => (b.relativeError > a.relativeError ? b : a), calls[0]);
  return calls.filter((row, index) => picks.has(index) || row === worst);
}

const sets = await loadSets();
const find = (set, id) => {
  const transcript = sets[set].transcripts.find((t) => t.id === id);
  if (transcript === undefined) throw new Error(`no run ${id} in ${sets[set].name}`);
  return transcript;
};
const results = [];
const record = (peer, run, setting, { calls, maxRelativeError, ...totals }) => {
  results.push({
    peer,
    run,
    setting,
    calls: calls.length,
    maxRelativeError,
    ...totals,
    sampled: sampled(calls),
  });
  console.log(
    `${peer} ${run} ${setting}: ${calls.length} calls, max error ${(100 * maxRelativeError).toFixed(3)}%`,
  );
  if (totals.realCost !== undefined) {
    console.log(
      `  ${totals.pricing}: cached input $${totals.realCost.toFixed(4)} real, $${totals.modelCost.toFixed(4)} model`,
    );
  }
  for (const row of sampled(calls)) {
    console.log(
      row.realPositions === undefined
        ? `  call ${String(row.call).padStart(3)}: unmanaged ${row.unmanagedTokens}, real ${row.realTokens}, model ${row.modelTokens}`
        : `  call ${String(row.call).padStart(3)}: breakpoints at tokens ${row.realPositions.join(', ')} real, ${row.modelPositions.join(', ')} model; cache read ${row.realCacheRead} / ${row.modelCacheRead}, written ${row.realCacheWrite} / ${row.modelCacheWrite}`,
    );
  }
};
for (const { set, id, trigger } of jsSamples) {
  const transcript = find(set, id);
  record(
    'langchain-context-editing',
    id,
    `trigger ${trigger}`,
    await langChainCheck(transcript, { triggerTokens: trigger }),
  );
  record(
    'ai-sdk-prune-messages',
    id,
    `threshold ${trigger}`,
    await aiSdkCheck(transcript, { threshold: trigger }),
  );
}
const fixture = await loadFixture('openhands-masking');
for (const run of fixture.runs) {
  const compared = await openHandsCheck(find(run.set, run.id), run);
  record('openhands-masking', run.id, `attention window ${run.window}`, compared);
}
const sweFixture = await loadFixture('swe-agent-last-n');
for (const run of sweFixture.runs) {
  record('swe-agent-last-5', run.id, `n ${run.window}`, await sweAgentCheck(find(run.set, run.id), run));
}
const cacheControlFixture = await loadFixture('swe-agent-cache-control');
for (const run of cacheControlFixture.runs) {
  record(
    'swe-agent-1.1-default',
    run.id,
    `cache_control last_n_messages ${run.window}`,
    await sweAgentCacheControlCheck(find(run.set, run.id), run),
  );
}

const maxRelativeError = Math.max(...results.map((row) => row.maxRelativeError));
const peers = Object.fromEntries(
  [...new Set(results.map((row) => row.peer))].map((peer) => [
    peer,
    Math.max(...results.filter((row) => row.peer === peer).map((row) => row.maxRelativeError)),
  ]),
);
console.log(`max relative error: ${(100 * maxRelativeError).toFixed(3)}% (tolerance ${100 * tolerance}%)`);
await mkdir(dirname(output), { recursive: true });
await writeFile(
  output,
  `${JSON.stringify(
    {
      tolerance,
      maxRelativeError,
      peers,
      provenance: {
        'openhands-masking': fixture.provenance,
        'swe-agent-last-5': sweFixture.provenance,
        'swe-agent-1.1-default': cacheControlFixture.provenance,
      },
      results,
    },
    null,
    2,
  )}\n`,
);
console.log(`wrote ${output}`);
if (maxRelativeError > tolerance) process.exitCode = 1;
