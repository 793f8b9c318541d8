// Recovery from providers' context-overflow errors, end to end through the AI SDK: for every captured
// error body in packages/kioku/src/overflow/__fixtures__ (sources.json says where each was captured), an
// agent model scripted to fail once with that body is called with the SOC investigation of samples/ —
// once bare (the baseline, measured in the same run: the call fails) and once wrapped with
// kiokuMiddleware (summarization by a scripted summarizer). The mock provider then enforces the limit
// the body states (read here with the bench's own patterns, not kioku's detectors): it counts every
// later prompt with kioku's counter for the fixture's model, adds the call's maxOutputTokens (the
// completion the body says the request reserved is passed as maxOutputTokens), and rejects again with
// the same body when that is over the limit, so a recovery that does not fit fails. A body that states
// no limit (3 fixtures) cannot be checked: its retry is answered and the row says `limit: null`.
// Reports, per fixture: detected (and as which provider, with the figures read), compacted (tokens
// before → after, facts repaired, summary calls), retried, the retried prompt's tokens against the
// stated limit, succeeded. Also: the errors that are not overflows (rate limits, bad keys) must pass through
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
import { counterForModel, kiokuMiddleware, summarization } from 'kioku';
import { fixtureError } from 'kioku/test';
import { importTranscript } from 'kioku/transcripts';

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
const sampleModel = sample.model ?? 'claude-sonnet-4-20250514';
/**
 * The model each body came from, as far as its source says (the thread's model, else one the provider
 * serves with the stated window); a model kioku has no tokenizer for is counted by its bytes estimate.
 */
const fixtureModels = {
  'gemini-input-token-count.json': 'gemini-2.5-pro',
  'gemini-code-assist-array.json': 'gemini-2.5-pro',
  'gemini-without-count.json': 'gemini-2.5-pro',
  'openai-context-length-exceeded.json': 'gpt-3.5-turbo',
  'openai-messages-resulted-in.json': 'gpt-3.5-turbo',
  'openai-responses-stream-error.json': 'gpt-5',
  'anthropic-prompt-too-long.json': 'claude-sonnet-4-20250514',
  'anthropic-input-and-max-tokens.json': 'claude-sonnet-4-20250514',
  'bedrock-input-too-long.json': 'anthropic.claude-3-sonnet-20240229-v1:0',
  'bedrock-prompt-too-long.json': 'anthropic.claude-sonnet-4-20250514-v1:0',
  'deepseek-maximum-context-length.json': 'deepseek-chat',
  'deepseek-with-completion.json': 'deepseek-chat',
  'ollama-exceed-context-size.json': 'llama3.2',
  'ollama-input-length.json': 'llama3.2',
  'vllm-maximum-context-length.json': 'meta-llama/Llama-3.1-8B-Instruct',
  'vllm-completion-fills-window.json': 'meta-llama/Llama-3.1-8B-Instruct',
  'llama-cpp-exceed-context-size.json': 'llama-3.1-8b-instruct',
  'llama-cpp-exceed-context-size-500.json': 'llama-3.1-8b-instruct',
};

/**
 * The limit a captured body states, and the completion the rejected request reserved (when it says),
 * read with patterns written for this bench. `limit` is null when the body states none.
 */
function statedLimit(body) {
  const text = body.replaceAll('\\"', '"');
  const number = (pattern) => {
    const match = pattern.exec(text);
    return match === null ? null : Number(match[1]);
  };
  const limit =
    number(/maximum context length is (\d+) tokens/) ??
    number(/maximum number of tokens allowed \((\d+)\)/) ??
    number(/tokens > (\d+) maximum/) ??
    number(/exceed context limit: \d+ \+ \d+ > (\d+)/) ??
    number(/"n_ctx":\s*(\d+)/);
  const completion = number(/(\d+) in the completion/) ?? number(/exceed context limit: \d+ \+ (\d+) >/);
  return { limit, completion: completion === 0 ? null : completion };
}
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

/**
 * A model that throws (or streams) `failure` on its first call; afterwards it answers when the prompt
 * (counted with `counter`) plus the call's `maxOutputTokens` fits `limit`, else fails the same way
 * again. `prompts` records each later call's counted size.
 */
function agentModel({ failure, provider, modelId, counter, limit, inStream = false, prompts = [] }) {
  let calls = 0;
  const answer = 'Verdict: true positive; contained.';
  const fits = ({ prompt, maxOutputTokens }) => {
    const tokens = counter.countPrompt({ messages: prompt });
    const requested = tokens + (maxOutputTokens ?? 0);
    prompts.push({ tokens, requested });
    return limit === null || requested <= limit;
  };
  return new MockLanguageModelV4({
    provider,
    modelId,
    doGenerate: async (options) => {
      calls += 1;
      if (calls === 1 || !fits(options)) throw failure;
      const { prompt } = options;
      return {
        content: [{ type: 'text', text: answer }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usage(prompt),
        warnings: [],
      };
    },
    doStream: async (options) => {
      calls += 1;
      const { prompt } = options;
      const rejected = calls === 1 || !fits(options);
      if (rejected && !inStream) throw failure;
      const chunks = rejected
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

/** The agent's answer; throws when there is none (an error thrown, or a stream that only reported one). */
async function call({ model, stream, maxOutputTokens }) {
  const options = {
    model,
    instructions,
    messages,
    maxRetries: 0,
    ...(maxOutputTokens === null ? {} : { maxOutputTokens }),
  };
  const { text } = stream
    ? { text: await streamText({ ...options, onError: () => {} }).text }
    : await generateText(options);
  if (text === '') throw new Error('no answer');
  return text;
}

async function scenario({ fixture, stream = false, failingSummarizer = false }) {
  const failure = fixtureError(fixture);
  const provider = providerIds[fixture.provider] ?? 'mock.chat';
  const inStream = fixture.statusCode === null;
  const modelId = fixtureModels[fixture.file] ?? sampleModel;
  const counter = counterForModel(modelId);
  const { limit, completion } = statedLimit(fixture.body);
  const agent = { failure, provider, modelId, counter, limit, inStream };
  const bare = await call({ model: agentModel(agent), stream, maxOutputTokens: completion }).then(
    () => true,
    () => false,
  );
  const events = [];
  const summarizer = summarizerModel({ fails: failingSummarizer });
  const prompts = [];
  const inner = agentModel({ ...agent, prompts });
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
  const succeeded = await call({ model, stream, maxOutputTokens: completion }).then(
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
    model: modelId,
    counter: counter.family,
    limit,
    reservedCompletion: completion,
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
    retriedPrompts: prompts,
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
  checkedAgainstStatedLimit: curable.filter((row) => row.limit !== null).length,
  succeededUnderStatedLimit: curable.filter((row) => row.limit !== null && row.succeeded).length,
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
    pad('limit', 8),
    pad('last prompt (+completion)', 26),
    'ok',
  ].join(' '),
);
for (const row of rows) {
  const tokens = row.compacted ? `${row.tokensBefore} → ${row.tokensAfter}` : '-';
  const last = row.retriedPrompts.at(-1);
  console.log(
    [
      pad(row.file + (row.summarizer.startsWith('fails') ? ' (summarizer fails)' : ''), 42),
      pad(row.path, 13),
      pad(row.withoutKioku.succeeded ? 'ok' : 'fail', 5),
      pad(row.detected ? row.detectedAs : 'no', 10),
      pad(tokens, 22),
      pad(row.factsRepaired ?? '-', 6),
      pad(row.retried, 8),
      pad(row.limit ?? 'none', 8),
      pad(last === undefined ? '-' : `${last.tokens} (${last.requested})`, 26),
      row.succeeded ? 'yes' : 'no',
    ].join(' '),
  );
}
console.log(
  `\n${summary.succeeded}/${summary.overflowCases} overflow cases recovered ` +
    `(${summary.succeededUnderStatedLimit}/${summary.checkedAgainstStatedLimit} of those whose body states a limit, ` +
    `${summary.succeededWithoutKioku}/${summary.overflowCases} without kioku); ` +
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
        model: sampleModel,
      },
      setup:
        "agent model scripted to fail once with the captured body, then to answer only when the prompt (kioku's counter for the fixture's model) plus maxOutputTokens (the completion the body states) fits the limit the body states, else to fail again with the same body; kiokuMiddleware({ strategy: summarization(scripted summarizer), counter for the fixture's model, trigger: false, contextWindow: 200000 }); baseline: the same model without kioku, same run",
      summary,
      rows,
    },
    null,
    2,
  )}\n`,
);
console.log(`wrote ${output}`);
