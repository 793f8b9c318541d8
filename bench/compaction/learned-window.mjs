// Overflow cycles on a live loop whose window is wrong by 10x (issue 23 item 4). A tool-using agent loop
// (generateText, 3 parallel tool calls per step, 2,000-character outputs) runs through kiokuMiddleware
// with its default strategy against a mock provider that enforces a window of `limit` tokens (kioku's
// counter for the model) and rejects a longer prompt with a captured real overflow body whose figures are
// this request's (vLLM's and OpenAI's 400, llama.cpp's `n_ctx`). kioku is told a window 10x the real one.
// Baseline, same run: the same loop with `learnContextWindow: false` (what kioku did before: one
// compaction and one retry per overflow, the wrong window kept). Counts overflow errors per loop and
// checks: at most 1 after the first, with the limit learned. Exits 1 when a check fails.
// Run from the repository root after `npm run build`: `node bench/compaction/learned-window.mjs`.
// Writes bench/results/compaction-learned-window.json.

import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APICallError, generateText, jsonSchema, stepCountIs, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { counterForModel, kiokuMiddleware } from 'kioku';
import { fromLanguageModelPrompt } from 'kioku/strategies';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = join(root, 'packages/kioku/src/overflow/__fixtures__');
const output = join(root, 'bench/results/compaction-learned-window.json');
const steps = 100;
const parallel = 3;
const modelId = 'gpt-4o';
const counter = counterForModel(modelId);

/** A captured body with its figures replaced: the number each stands for. */
const bodies = {
  'vllm-maximum-context-length.json': { 131072: 'limit', 156632: 'tokens', 152536: 'tokens', 4096: 'zero' },
  'openai-context-length-exceeded.json': { 4097: 'limit', 4120: 'tokens', 3120: 'tokens', 1000: 'zero' },
  'llama-cpp-exceed-context-size.json': { 14429: 'tokens', 8192: 'limit' },
};

function overflowError(file, tokens, limit) {
  const figures = bodies[file];
  const body = readFileSync(join(fixtures, file), 'utf8').replace(/\d+/g, (number) => {
    const role = figures[number];
    return role === undefined ? number : String(role === 'limit' ? limit : role === 'tokens' ? tokens : 0);
  });
  return new APICallError({
    message: 'Bad Request',
    url: 'http://127.0.0.1/v1/chat/completions',
    requestBodyValues: {},
    statusCode: 400,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: body,
    isRetryable: false,
    data: JSON.parse(body),
  });
}

const usage = (total) => ({
  inputTokens: { total, noCache: total, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 10, text: 10, reasoning: undefined },
});

/** The agent: calls `parallel` tools per step until `steps`, answers kioku's summarizer, enforces `limit`. */
function agentModel({ file, limit, id }) {
  return new MockLanguageModelV4({
    provider: 'openai.chat',
    modelId: `${modelId}-${id}`,
    doGenerate: async ({ prompt, tools }) => {
      const tokens = counter.countPrompt({ messages: fromLanguageModelPrompt(prompt) });
      if (tokens > limit) throw overflowError(file, tokens, limit);
      if (tools === undefined) {
        return {
          content: [{ type: 'text', text: 'Summary: lookups on MKT01 so far.' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: usage(tokens),
          warnings: [],
        };
      }
      const done = prompt.filter((message) => message.role === 'tool').length;
      const step = JSON.stringify(prompt).match(/"step":(\d+)/g)?.length ?? 0;
      const next = Math.max(done, step);
      if (next >= steps) {
        return {
          content: [{ type: 'text', text: 'Done.' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: usage(tokens),
          warnings: [],
        };
      }
      return {
        content: Array.from({ length: parallel }, (_, k) => ({
          type: 'tool-call',
          toolCallId: `call_${next}_${k}`,
          toolName: 'lookup',
          input: JSON.stringify({ step: next, k }),
        })),
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage: usage(tokens),
        warnings: [],
      };
    },
  });
}

const line = (step, k) =>
  `row ${step}.${k} host MKT01 10.0.${step % 250}.${k + 1} C:\\Temp\\dump-${step}-${k}.dmp ok\n`;
const tools = {
  lookup: tool({
    inputSchema: jsonSchema({
      type: 'object',
      properties: { step: { type: 'number' }, k: { type: 'number' } },
    }),
    execute: async ({ step, k }) => `result ${step}-${k}\n${line(step, k).repeat(30)}`.slice(0, 2_000),
  }),
};

let loops = 0;
async function loop({ file, limit, learn }) {
  loops += 1;
  const events = [];
  const model = wrapLanguageModel({
    model: agentModel({ file, limit, id: loops }),
    middleware: kiokuMiddleware({
      contextWindow: limit * 10,
      learnContextWindow: learn,
      onEvent: (event) => events.push(event),
    }),
  });
  let error = null;
  let turns = 0;
  try {
    const result = await generateText({
      model,
      instructions: 'You are a security analyst.',
      prompt: 'Investigate alert 4711 on MKT01.',
      tools,
      stopWhen: stepCountIs(steps + 1),
      maxRetries: 0,
    });
    turns = result.steps.length;
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
  }
  const overflows = events.filter((event) => event.type === 'overflow-detected').length;
  const learned = events.find((event) => event.type === 'context-window-learned');
  return {
    overflows,
    afterFirst: Math.max(0, overflows - 1),
    compactions: events.filter((event) => event.type === 'context-compacted').length,
    learnedWindow: learned?.contextWindow ?? null,
    steps: turns,
    failed: error,
  };
}

const rows = [];
for (const file of Object.keys(bodies)) {
  for (const limit of [4_000, 8_000]) {
    const baseline = await loop({ file, limit, learn: false });
    const learned = await loop({ file, limit, learn: true });
    rows.push({ body: file, limit, configuredWindow: limit * 10, baseline, learned });
  }
}

const checks = rows.map((row) => ({
  body: row.body,
  limit: row.limit,
  atMostOneAfterFirst: row.learned.afterFirst <= 1,
  limitLearned: row.learned.learnedWindow === row.limit,
  finished: row.learned.failed === null,
}));
const total = (key, side) => rows.reduce((sum, row) => sum + row[side][key], 0);
const summary = {
  overflowsBaseline: total('overflows', 'baseline'),
  overflowsLearned: total('overflows', 'learned'),
  afterFirstBaseline: total('afterFirst', 'baseline'),
  afterFirstLearned: total('afterFirst', 'learned'),
  ratio: Number((total('overflows', 'learned') / Math.max(1, total('overflows', 'baseline'))).toFixed(3)),
};

console.log(
  'body                                  limit  overflows before -> after  (after the first)  learned',
);
for (const row of rows) {
  console.log(
    `${row.body.padEnd(38)}${String(row.limit).padStart(6)}  ${String(row.baseline.overflows).padStart(7)} -> ${String(row.learned.overflows).padEnd(5)}  (${row.baseline.afterFirst} -> ${row.learned.afterFirst})  ${row.learned.learnedWindow}`,
  );
}
console.log(
  `all loops: ${summary.overflowsBaseline} -> ${summary.overflowsLearned} overflows (${summary.ratio}x); after the first: ${summary.afterFirstBaseline} -> ${summary.afterFirstLearned}`,
);

await mkdir(dirname(output), { recursive: true });
await writeFile(
  output,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      method: `generateText loop, ${steps} steps x ${parallel} parallel tool calls, 2,000-character outputs, kiokuMiddleware default strategy told a window 10x the mock provider's; the provider counts with counterForModel('${modelId}') and rejects a longer prompt with the captured body, figures replaced. Baseline: learnContextWindow false, same run.`,
      summary,
      checks,
      rows,
    },
    null,
    2,
  )}\n`,
);
const failed = checks.filter((check) => !check.atMostOneAfterFirst || !check.limitLearned || !check.finished);
if (failed.length > 0) {
  console.error('FAILED:', JSON.stringify(failed));
  process.exit(1);
}
