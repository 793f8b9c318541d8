// Issue 23 item 2: what kioku's default keeps per conversation on a 5,000-step live loop, step by step and
// resumed in one call. The loop (1 to 3 parallel calls per step, 2 to 8 KB outputs;
// bench/live/scripted-workload.mjs) calls a model wrapped in `kiokuMiddleware()` (gpt-4o: its catalog
// window, the default strategy and trigger, summaries by the scripted model) at the provider interface
// with the prompts the AI SDK would send (see `child`); the resumed conversation is one real
// `generateText` call. Against the same loop unmanaged in the same run, each in a process of its own. Heap
// is measured after a full GC: at 1,000, 2,000 and 5,000 steps in the loop (the conversation live), and
// before and after one call that carries 1,000, 2,000 or 5,000 steps of history (kioku keeps its state
// after the call). Heap per conversation is what the managed process's heap grew by since the
// conversation started minus what the unmanaged one's grew by (in the loop: from step 0 to the checkpoint;
// resumed: from before the call to after it). Before measuring, each process runs one short conversation
// the same way (40 steps, then a 40-step history resumed in one call) through a middleware of its own, so
// what a process loads once (the AI SDK's prompt converter that kioku imports on first use, the
// tokenizer's vocabulary, about 5 MB, compiled code) is not counted as a conversation's heap. The loop
// gives the event loop a turn between steps, as a provider call's I/O does (see `providerLoop`'s `idle`:
// without it the abort signals of kioku's summaries, and the rendered history their listeners hold, stay
// alive for the whole loop). Also each process's peak RSS.
// Fails (exit 1) when kioku keeps more than 20 MB per conversation at 2,000 steps, or grows faster than
// linearly (its heap per step at 5,000 steps above 1.5x that at 1,000).
// Run from the repository root after `npm run build`: `node bench/live/long-loop-heap.mjs`.
// Writes bench/results/live-long-loop-heap.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const checkpoints = [1_000, 2_000, 5_000];
const limitAt2k = 20 * 1024 * 1024;
const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;

if (process.argv[2] === '--child') {
  const [, , , mode, kind, steps] = process.argv;
  const result = await child(mode, kind, Number(steps));
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

async function child(mode, kind, steps) {
  const { generateText, jsonSchema, tool, wrapLanguageModel } = await import('ai');
  const { kiokuMiddleware } = await import('kioku');
  const workload = await import('./scripted-workload.mjs');
  const heap = () => {
    globalThis.gc();
    globalThis.gc();
    return process.memoryUsage().heapUsed;
  };
  const managed = kind === 'managed';
  const events = { compacted: 0 };
  const middlewareOf = () =>
    managed
      ? kiokuMiddleware({
          onEvent: (event) => {
            if (event.type === 'context-compacted') events.compacted += 1;
          },
        })
      : undefined;
  const wrapper = (middleware) => (model) =>
    middleware === undefined ? model : wrapLanguageModel({ model, middleware });
  const tools = workload.agentTools({ tool, jsonSchema });
  const { convertToLanguageModelPrompt } = await import('ai/internal');
  // Driven at the provider interface (`providerLoop`): through `generateText` the AI SDK's own per-step
  // work would take most of the hour a 5,000-step run needs, for no difference in what kioku keeps.
  const loop = (wrap, steps, at) =>
    workload.providerLoop({
      model: wrap(workload.scriptedModel({ steps: Number.POSITIVE_INFINITY })),
      steps,
      convertToLanguageModelPrompt,
      at,
      // A turn of the event loop between steps, as a real provider call's I/O gives.
      idle: true,
    });
  /** Resumed: one call carrying `count` steps of history; the model answers. */
  const resume = async (wrap, messages) => {
    const result = await generateText({
      model: wrap(workload.scriptedModel({ steps: 0 })),
      instructions: workload.system,
      messages,
      tools,
      maxRetries: 0,
    });
    if (result.text !== workload.answer) throw new Error('the resumed call did not answer');
  };
  // The warm-up: one short conversation each way, through a middleware that is dropped after it.
  await loop(wrapper(middlewareOf()), 40);
  await resume(wrapper(middlewareOf()), workload.history(40));
  events.compacted = 0;
  const wrap = wrapper(middlewareOf());
  if (mode === 'loop') {
    const at = {};
    const started = process.cpuUsage();
    await loop(wrap, steps, (step) => {
      if (step === 0 || checkpoints.includes(step)) at[step] = heap();
    });
    const cpu = process.cpuUsage(started);
    return {
      heap: at,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      compactions: events.compacted,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
    };
  }
  const messages = workload.history(steps);
  const before = heap();
  const started = process.cpuUsage();
  await resume(wrap, messages);
  const cpu = process.cpuUsage(started);
  const after = heap();
  // Kept alive through the measure: the conversation lives in the middleware's cache.
  if (wrap === undefined && messages.length === 0) throw new Error('unreachable');
  return {
    before,
    after,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    compactions: events.compacted,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

function run(mode, kind, steps) {
  const output = execFileSync(
    process.execPath,
    [
      '--expose-gc',
      '--max-old-space-size=4096',
      fileURLToPath(import.meta.url),
      '--child',
      mode,
      kind,
      String(steps),
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  return JSON.parse(output.trim().split('\n').at(-1));
}

const loop = { managed: run('loop', 'managed', 5_000), unmanaged: run('loop', 'unmanaged', 5_000) };
const stepByStep = checkpoints.map((steps) => {
  const managed = loop.managed.heap[steps];
  const unmanaged = loop.unmanaged.heap[steps];
  // What each process's heap grew by since the conversation started (after the warm-up).
  const managedGrowth = managed - loop.managed.heap[0];
  const unmanagedGrowth = unmanaged - loop.unmanaged.heap[0];
  return {
    steps,
    managedMb: mb(managed),
    unmanagedMb: mb(unmanaged),
    managedGrowthMb: mb(managedGrowth),
    unmanagedGrowthMb: mb(unmanagedGrowth),
    perConversationMb: mb(managedGrowth - unmanagedGrowth),
    ratio: Math.round((managed / unmanaged) * 100) / 100,
  };
});
const resumed = checkpoints.map((steps) => {
  const managed = run('resume', 'managed', steps);
  const unmanaged = run('resume', 'unmanaged', steps);
  const kept = managed.after - managed.before - (unmanaged.after - unmanaged.before);
  return {
    steps,
    perConversationMb: mb(kept),
    managedCpuSeconds: managed.cpuSeconds,
    unmanagedCpuSeconds: unmanaged.cpuSeconds,
    managedPeakRssMb: Math.round(managed.maxRssMb),
    unmanagedPeakRssMb: Math.round(unmanaged.maxRssMb),
    compactions: managed.compactions,
  };
});

const violations = [];
const perStep = (rows, steps) => (rows.find((row) => row.steps === steps)?.perConversationMb ?? 0) / steps;
for (const [name, rows] of [
  ['step by step', stepByStep],
  ['resumed in one call', resumed],
]) {
  const at2k = rows.find((row) => row.steps === 2_000)?.perConversationMb ?? Number.POSITIVE_INFINITY;
  if (at2k > mb(limitAt2k))
    violations.push(`${name}: ${at2k} MB per conversation at 2,000 steps (limit 20 MB)`);
  if (perStep(rows, 5_000) > 1.5 * Math.max(perStep(rows, 1_000), 0.001)) {
    violations.push(
      `${name}: ${perStep(rows, 5_000).toFixed(4)} MB per step at 5,000 steps against ${perStep(rows, 1_000).toFixed(4)} at 1,000 (not linear)`,
    );
  }
}

const result = {
  date: new Date().toISOString(),
  node: process.version,
  workload:
    'bench/live/scripted-workload.mjs: 1-3 parallel calls per step, 2-8 KB outputs, gpt-4o (128k window)',
  loop: {
    stepByStep,
    managed: {
      cpuSeconds: loop.managed.cpuSeconds,
      compactions: loop.managed.compactions,
      peakRssMb: Math.round(loop.managed.maxRssMb),
    },
    unmanaged: { cpuSeconds: loop.unmanaged.cpuSeconds, peakRssMb: Math.round(loop.unmanaged.maxRssMb) },
  },
  resumed,
  limits: { perConversationMbAt2000: mb(limitAt2k), linearity: 'MB per step at 5,000 <= 1.5x at 1,000' },
  violations,
};
mkdirSync(new URL('../results/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('../results/live-long-loop-heap.json', import.meta.url),
  `${JSON.stringify(result, null, 2)}\n`,
);
console.log('5,000-step live loop, heap after a full GC (MB):');
console.table(stepByStep);
console.log(
  `loop CPU: managed ${loop.managed.cpuSeconds.toFixed(1)} s (${loop.managed.compactions} summaries), unmanaged ${loop.unmanaged.cpuSeconds.toFixed(1)} s`,
);
console.log('resumed in one call (MB kept per conversation after the call; peak RSS of each process):');
console.table(resumed);
if (violations.length > 0) {
  console.error(`violations:\n${violations.join('\n')}`);
  process.exit(1);
}
