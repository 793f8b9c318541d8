// Summarises a V8 CPU profile (`node --cpu-prof`): the functions with the most self time, and the
// share of the profile's samples each took. Used to record a hot path's profile before and after a
// change (bench/results/*-profile-*.json).
// Run: `node bench/profile-summary.mjs FILE.cpuprofile [top] [out.json] [label]` (out `-`: print only).
// Self time is the function's own; inclusive time (the samples with the function anywhere on the stack)
// is given for the `inclusive` most costly, as synchronous callers (an async function's continuations
// are not under it).
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Self time per function (name, file, line) of a `.cpuprofile`, largest first.
 * @param {string} file path to the profile
 * @param {number} top how many functions to keep
 */
export function profileSummary(file, top = 25) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nameOf = (id) => {
    const { callFrame } = byId.get(id);
    const where = callFrame.url.replace(/^.*\/(node_modules|packages|bench)\//, '$1/');
    return `${callFrame.functionName || '(anonymous)'} ${where}:${callFrame.lineNumber + 1}`;
  };
  const samples = new Map();
  for (const id of profile.samples) samples.set(id, (samples.get(id) ?? 0) + 1);
  const intervalMs = (profile.endTime - profile.startTime) / 1000 / Math.max(profile.samples.length, 1);
  const self = new Map();
  const inclusive = new Map();
  for (const [id, count] of samples) {
    const key = nameOf(id);
    self.set(key, (self.get(key) ?? 0) + count);
    const onStack = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) onStack.add(nameOf(at));
    for (const name of onStack) inclusive.set(name, (inclusive.get(name) ?? 0) + count);
  }
  const total = [...samples.values()].reduce((sum, count) => sum + count, 0);
  const share = (count) => Math.round((count / total) * 1000) / 1000;
  const functions = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, count]) => ({
      function: name,
      selfMs: Math.round(count * intervalMs),
      share: share(count),
    }));
  const byInclusive = [...inclusive]
    .filter(([name]) => !name.startsWith('(root)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, count]) => ({ function: name, inclusiveShare: share(count) }));
  return { totalMs: Math.round(total * intervalMs), samples: total, functions, inclusive: byInclusive };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [, , file, top, out, label] = process.argv;
  const summary = { ...(label === undefined ? {} : { label }), ...profileSummary(file, Number(top ?? 25)) };
  if (out !== undefined && out !== '-') writeFileSync(out, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`total ${summary.totalMs} ms, ${summary.samples} samples`);
  console.table(summary.functions);
  console.table(summary.inclusive);
}
