// Incremental vs full recount on the longest mini-swe-agent run: the history grows one message at a time;
// per step, time countPrompt on a counter that has seen the earlier messages (cached per message) against
// countPrompt on a fresh counter that has to tokenize them all. Writes bench/results/tokens-incremental.json.
// Run after `npm run build`:  node bench/tokens/incremental.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { counterForModel, createDeepSeekCounter } from 'kioku';
import { percentile } from '../percentile.mjs';
import { loadDeepSeekSet } from './load-sets.mjs';

const resultsDir = new URL('../results/', import.meta.url);
const runs = (await loadDeepSeekSet()).transcripts;
const run = runs.reduce((longest, t) => (t.messages.length > longest.messages.length ? t : longest));
const { messages } = run;
counterForModel(run.model).countText('warm up the shared tokenizer');

const incremental = createDeepSeekCounter();
const incrementalMs = [];
const fullMs = [];
const counts = [];
for (let k = 1; k <= messages.length; k += 1) {
  const prompt = { messages: messages.slice(0, k) };
  let start = performance.now();
  const counted = incremental.countPrompt(prompt);
  incrementalMs.push(performance.now() - start);
  const fresh = createDeepSeekCounter();
  start = performance.now();
  const recounted = fresh.countPrompt(prompt);
  fullMs.push(performance.now() - start);
  if (counted !== recounted) throw new Error(`step ${k}: incremental ${counted} != full ${recounted}`);
  counts.push(counted);
}

const stats = (values) => ({
  medianMs: round(percentile(values, 50)),
  p95Ms: round(percentile(values, 95)),
  totalMs: round(values.reduce((sum, value) => sum + value, 0)),
});
function round(value) {
  return Math.round(value * 10000) / 10000;
}
const result = {
  date: new Date().toISOString(),
  node: process.version,
  run: {
    file: run.file.split('/').slice(-2).join('/'),
    id: run.id,
    model: run.model,
    messages: messages.length,
  },
  counter: 'createDeepSeekCounter()',
  finalPromptTokens: counts.at(-1),
  incremental: stats(incrementalMs),
  fullRecount: stats(fullMs),
  medianSpeedup: round(percentile(fullMs, 50) / percentile(incrementalMs, 50)),
  totalSpeedup: round(fullMs.reduce((a, b) => a + b, 0) / incrementalMs.reduce((a, b) => a + b, 0)),
};
mkdirSync(resultsDir, { recursive: true });
writeFileSync(new URL('tokens-incremental.json', resultsDir), `${JSON.stringify(result, null, 2)}\n`);
console.log(`${run.id}: ${messages.length} messages, ${result.finalPromptTokens} prompt tokens at the end`);
console.table({
  'incremental (cached counter)': result.incremental,
  'full recount (fresh counter)': result.fullRecount,
});
console.log(
  `median per new message: ${result.medianSpeedup}x faster incrementally; total ${result.totalSpeedup}x`,
);
