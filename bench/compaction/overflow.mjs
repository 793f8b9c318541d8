// Recovery from providers' context-overflow errors, end to end through the AI SDK: for every captured
// error body in packages/kioku/src/overflow/__fixtures__ (sources.json says where each was captured), an
// agent model scripted to fail once with that body, then answer, is called with the SOC investigation of
// samples/ — once bare (the baseline, measured in the same run: the call fails) and once wrapped with
// kiokuMiddleware (summarization by a scripted summarizer). Reports, per fixture: detected (and as which
// provider, with the figures read), compacted (tokens before → after, facts repaired, summary calls),
// retried, succeeded. Also: the errors that are not overflows (rate limits, bad keys) must pass through
// untouched; an overflow no compaction can cure (the completion alone fills the window) must not be retried;
// a failing summarizer must lead to the deterministic fallback; the stream path must recover the same way.
// Run from the repository root after `npm run build`: `node bench/compaction/overflow.mjs`.
// Prints a table and writes bench/results/compaction-overflow.json.
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APICallError, generateText, streamText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { kiokuMiddleware } from '../../packages/kioku/dist/ai-sdk/index.js';
import { summarization } from '../../packages/kioku/dist/summarization/index.js';
import { counterForModel } from '../../packages/kioku/dist/tokens/index.js';
import { importTranscript } from '../../packages/kioku/dist/transcripts/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = join(root, 'packages/kioku/src/overflow/__fixtures__');
const output = join(root, 'bench/results/compaction-overflow.json');
const providerIds = {
  gemini: 'google.generative-ai',
  openai: 'openai.chat',
  anthropic: 'anthropic.messages',
  bedrock: 'amazon-bedrock',
  deepseek: 'deepseek.chat',
  ollama: 'ollama.chat',
  vllm: 'vllm.chat',
  'llama-cpp': 'llama-cpp.chat',
};

const samplePath = join(root, 'samples/soc-investigation.json');
const [sample] = importTranscript(readFileSync(samplePath, 'utf8'), { file: samplePath });
const instructions = sample.messages
  .filter((m) => m.role === 'system')
  .map((m) => m.content)
  .join('\n');
const messages = sample.messages.filter((m) => m.role !== 'system');
const modelId = sample.model ?? 'claude-sonnet-4-20250514';
const counter = counterForModel(modelId);
// The summary deliberately leaves out every indicator: fact preservation must put them back.
const summaryText =
  'The analyst triaged a phishing alert, traced a compromised account and a beaconing host through sign-in ' +
  'and proxy logs, and contained both. Next: reset credentials and review mailbox rules.';

const usage = (prompt) => {
  const total = Math.ceil(JSON.stringify(prompt).length / 4);
  return {
    inputTokens: { total, noCache: total, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 12, text: 12, reasoning: undefined },
  };
};

/** A model that throws (or streams) `failure` on its first call and answers afterwards. */
function agentModel({ failure, provider, inStream = false }) {
  let calls = 0;
  const answer = 'Verdict: true positive; contained.';
  return new MockLanguageModelV4({
    provider,
    modelId,
    doGenerate: async ({ prompt }) => {
      calls += 1;
      if (calls === 1) throw failure;
      return {
        content: [{ type: 'text', text: answer }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usage(prompt),
        warnings: [],
      };
    },
    doStream: async ({ prompt }) => {
      calls += 1;
      if (calls === 1 && !inStream) throw failure;
      const chunks =
        calls === 1
          ? [
              { type: 'stream-start', warnings: [] },
              { type: 'error', error: failure },
            ]
          : [
              { type: 'stream-start', warnings: [] },
              { type: 'text-start', id: 't' },
              { type: 'text-delta', id: 't', delta: answer },
              { type: 'text-end', id: 't' },
              { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: usage(prompt) },
            ];
      return {
        stream: new ReadableStream({
          start(controller) {
            for (const chunk of chunks) controller.enqueue(chunk);
            controller.close();
          },
        }),
      };
    },
  });
}

function summarizerModel({ fails = false } = {}) {
  return new MockLanguageModelV4({
    modelId: 'summarizer',
    doGenerate: async ({ prompt }) => {
      if (fails) {
        throw new APICallError({
          message: 'Service Unavailable',
          url: 'https://summarizer.example/v1/chat/completions',
          requestBodyValues: {},
          statusCode: 503,
          isRetryable: false,
        });
      }
      return {
        content: [{ type: 'text', text: summaryText }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usage(prompt),
        warnings: [],
      };
    },
  });
}

/** What the AI SDK's provider packages throw for a captured body (a stream's error value when it had no status). */
function providerError(fixture) {
  const data = JSON.parse(fixture.body);
  if (fixture.statusCode === null) return data;
  const first = Array.isArray(data) ? data[0] : data;
  const message =
    typeof first?.error === 'string'
      ? first.error
      : (first?.error?.message ?? first?.message ?? 'Bad Request');
  return new APICallError({
    message,
    url: 'https://api.example.com/v1/chat/completions',
    requestBodyValues: {},
    statusCode: fixture.statusCode,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: fixture.body,
    isRetryable: fixture.statusCode === 429 || fixture.statusCode >= 500,
    data,
  });
}

/** The agent's answer; throws when there is none (an error thrown, or a stream that only reported one). */
async function call({ model, stream }) {
  const { text } = stream
    ? { text: await streamText({ model, instructions, messages, maxRetries: 0, onError: () => {} }).text }
    : await generateText({ model, instructions, messages, maxRetries: 0 });
  if (text === '') throw new Error('no answer');
  return text;
}

async function scenario({ fixture, stream = false, failingSummarizer = false }) {
  const failure = providerError(fixture);
  const provider = providerIds[fixture.provider] ?? 'mock.chat';
  const inStream = fixture.statusCode === null;
  const bare = await call({ model: agentModel({ failure, provider, inStream }), stream }).then(
    () => true,
    () => false,
  );
  const events = [];
  const summarizer = summarizerModel({ fails: failingSummarizer });
  const inner = agentModel({ failure, provider, inStream });
  const model = wrapLanguageModel({
    model: inner,
    middleware: kiokuMiddleware({
      strategy: summarization({ model: summarizer, contextWindow: 400_000 }),
      counter,
      contextWindow: 200_000,
      trigger: false,
      onEvent: (event) => events.push(event),
    }),
  });
  const started = performance.now();
  let error;
  const succeeded = await call({ model, stream }).then(
    () => true,
    (failed) => {
      error = failed;
      return false;
    },
  );
  const ms = performance.now() - started;
  const detected = events.find((event) => event.type === 'overflow-detected')?.overflow;
  const compacted = events.find((event) => event.type === 'context-compacted');
  const failedCompaction = events.find((event) => event.type === 'compaction-failed');
  return {
    file: fixture.file,
    provider: fixture.provider,
    statusCode: fixture.statusCode,
    source: fixture.source,
    overflowFixture: fixture.overflow !== false,
    path: stream ? 'streamText' : 'generateText',
    summarizer: failingSummarizer ? 'fails (503)' : 'scripted summary',
    withoutKioku: { succeeded: bare },
    detected: detected !== undefined,
    detectedAs: detected?.provider ?? null,
    figures: detected
      ? {
          tokensSent: detected.tokensSent ?? null,
          tokenLimit: detected.tokenLimit ?? null,
          promptTokens: detected.promptTokens ?? null,
          completionTokens: detected.completionTokens ?? null,
        }
      : null,
    compacted: compacted !== undefined,
    compactedBy: compacted?.strategy ?? null,
    fallbackUsed: events.some((event) => event.type === 'fallback-used'),
    compactionFailed: failedCompaction?.problem ?? null,
    tokensBefore: compacted?.tokensBefore ?? null,
    tokensAfter: compacted?.tokensAfter ?? null,
    factsRepaired: compacted?.factsRepaired ?? null,
    summaryCalls: compacted?.summaryUsage?.calls ?? 0,
    retried: events.filter((event) => event.type === 'retry').length,
    agentCalls: inner.doGenerateCalls.length + inner.doStreamCalls.length,
    succeeded,
    error: error === undefined ? null : `${error.name}: ${error.message}`.slice(0, 200),
    ms: Math.round(ms),
  };
}

const sources = JSON.parse(readFileSync(join(fixtures, 'sources.json'), 'utf8')).map((source) => ({
  ...source,
  body: readFileSync(join(fixtures, source.file), 'utf8'),
}));
const byFile = (file) => sources.find((source) => source.file === file);

const rows = [];
for (const fixture of sources) rows.push(await scenario({ fixture }));
for (const file of [
  'anthropic-prompt-too-long.json',
  'openai-responses-stream-error.json',
  'ollama-exceed-context-size.json',
]) {
  rows.push(await scenario({ fixture: byFile(file), stream: true }));
}
rows.push(await scenario({ fixture: byFile('gemini-input-token-count.json'), failingSummarizer: true }));

const curable = rows.filter((row) => row.overflowFixture && row.file !== 'vllm-completion-fills-window.json');
const others = rows.filter((row) => !row.overflowFixture);
const hopeless = rows.filter((row) => row.file === 'vllm-completion-fills-window.json');
const summary = {
  overflowCases: curable.length,
  detected: curable.filter((row) => row.detected).length,
  compacted: curable.filter((row) => row.compacted).length,
  retriedOnce: curable.filter((row) => row.retried === 1).length,
  succeeded: curable.filter((row) => row.succeeded).length,
  succeededWithoutKioku: curable.filter((row) => row.withoutKioku.succeeded).length,
  fallbackCaseSucceeded: rows.at(-1).succeeded && rows.at(-1).fallbackUsed,
  nonOverflowCases: others.length,
  nonOverflowTakenForOverflow: others.filter((row) => row.detected || row.retried > 0).length,
  uncurableRetried: hopeless.filter((row) => row.retried > 0).length,
};

const pad = (value, width) => String(value).padEnd(width);
console.log(
  [
    pad('fixture', 42),
    pad('path', 13),
    pad('bare', 5),
    pad('detected', 10),
    pad('compacted (tokens)', 22),
    pad('facts', 6),
    pad('retried', 8),
    'ok',
  ].join(' '),
);
for (const row of rows) {
  const tokens = row.compacted ? `${row.tokensBefore} → ${row.tokensAfter}` : '-';
  console.log(
    [
      pad(row.file + (row.summarizer.startsWith('fails') ? ' (summarizer fails)' : ''), 42),
      pad(row.path, 13),
      pad(row.withoutKioku.succeeded ? 'ok' : 'fail', 5),
      pad(row.detected ? row.detectedAs : 'no', 10),
      pad(tokens, 22),
      pad(row.factsRepaired ?? '-', 6),
      pad(row.retried, 8),
      row.succeeded ? 'yes' : 'no',
    ].join(' '),
  );
}
console.log(
  `\n${summary.succeeded}/${summary.overflowCases} overflow cases recovered with one compaction and one retry ` +
    `(${summary.succeededWithoutKioku}/${summary.overflowCases} without kioku); ` +
    `${summary.nonOverflowTakenForOverflow}/${summary.nonOverflowCases} non-overflow errors taken for one; ` +
    `fallback case ${summary.fallbackCaseSucceeded ? 'recovered' : 'FAILED'}; ` +
    `uncurable overflow retried ${summary.uncurableRetried} time(s).`,
);

await mkdir(dirname(output), { recursive: true });
await writeFile(
  output,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      cpus: availableParallelism(),
      history: {
        file: 'samples/soc-investigation.json',
        messages: messages.length,
        model: modelId,
        counter: counter.family,
      },
      setup:
        'agent model scripted to fail once with the captured body then answer; kiokuMiddleware({ strategy: summarization(scripted summarizer), trigger: false, contextWindow: 200000 }); baseline: the same model without kioku, same run',
      summary,
      rows,
    },
    null,
    2,
  )}\n`,
);
console.log(`wrote ${output}`);
