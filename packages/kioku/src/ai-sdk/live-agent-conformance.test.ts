import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  generateText,
  type LanguageModel,
  stepCountIs,
  streamText,
  ToolLoopAgent,
  wrapLanguageModel,
} from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StrategyOptionsError } from '../errors/strategy-options-error.js';
import { adaptive } from '../strategies/adaptive/adaptive.js';
import { contextEditing } from '../strategies/context-editing/context-editing.js';
import { kiokuDefault } from '../strategies/kioku-default/kioku-default.js';
import { observationMasking } from '../strategies/observation-masking/observation-masking.js';
import type { Strategy } from '../strategies/strategy.js';
import { summarization } from '../strategies/summarization/summarization.js';
import { toolInputClearing } from '../strategies/tool-input-clearing/tool-input-clearing.js';
import { truncation } from '../strategies/truncation/truncation.js';
import { type LoopbackProvider, startLoopbackProvider } from '../test/loopback-provider-server.js';
import { quarterCounter } from '../test/quarter-counter.js';
import {
  agentAnswer,
  agentSystem,
  agentTask,
  agentToolOutput,
  agentTools,
  isSummaryRequest,
  newestStep,
  requestMessages,
  requestTokens,
  type ScriptedAgentOptions,
  scriptedAgent,
} from '../test/scripted-agent.js';
import type { KiokuEvent } from './kioku-event.js';
import { type KiokuMiddlewareOptions, kiokuMiddleware } from './kioku-middleware.js';
import { kiokuPrepareStep } from './kioku-prepare-step.js';

/**
 * Live agents through the real AI SDK and the OpenAI-compatible provider over HTTP (the loopback
 * server): a scripted agent calls tools for a number of steps, in parallel, with the ids servers really
 * send, and the suite checks every request the server received.
 */
const servers: LoopbackProvider[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  vi.restoreAllMocks();
});

let models = 0;

async function serve(script: ScriptedAgentOptions) {
  const server = await startLoopbackProvider({ respond: scriptedAgent(script) });
  servers.push(server);
  // A model id of its own per test: a window learned in one test must not reach the next.
  models += 1;
  const provider = createOpenAICompatible({ name: 'loopback', baseURL: server.baseUrl });
  return { server, model: provider(`agent-${models}`) };
}

/** The requests the agent made (not kioku's summarizer). */
const agentRequests = (server: LoopbackProvider) =>
  server.requests.filter((request) => request.body !== undefined && !isSummaryRequest(request));

/**
 * What every call must keep: the system prompt and the task, the newest step's results verbatim (each
 * call's result, matched by position, whatever the ids), and the prompt under the window.
 */
function checkEveryCall(
  server: LoopbackProvider,
  { limit, characters = 2_000 }: { limit?: number; characters?: number },
) {
  const requests = agentRequests(server);
  expect(requests.length).toBeGreaterThan(0);
  for (const [index, request] of requests.entries()) {
    const messages = requestMessages(request);
    const where = `request ${index}`;
    expect(messages[0], where).toMatchObject({ role: 'system', content: agentSystem });
    expect(
      messages.some(
        (message) => message.role === 'user' && JSON.stringify(message.content).includes(agentTask),
      ),
      where,
    ).toBe(true);
    const newest = newestStep(request);
    if (newest !== undefined) {
      // Call k of a step is the agent's k-th (by position): with a constant id the AI SDK records the
      // first call's input for every call of the step (it finds calls by id), so `call.k` is not read.
      expect(newest.results, where).toEqual(
        newest.calls.map((call, k) => agentToolOutput(call.step, k, characters)),
      );
    }
    if (limit !== undefined) expect(requestTokens(request), where).toBeLessThanOrEqual(limit);
  }
}

const limit = 12_000;
const steps = 30;

/** The strategies every live loop must hold for, and kioku's default (no `strategy`). */
function strategies(summarizer: LanguageModel): Array<[string, Strategy | undefined]> {
  return [
    ['the default', undefined],
    ['kiokuDefault()', kiokuDefault()],
    ['observationMasking()', observationMasking()],
    ['toolInputClearing()', toolInputClearing()],
    ['contextEditing()', contextEditing({ trigger: { inputTokens: 6_000 } })],
    ['truncation()', truncation()],
    ['summarization()', summarization({ model: summarizer })],
    ['adaptive()', adaptive({ summarizer: summarization({ model: summarizer }) })],
  ];
}

/** The scripted agent's loop through `model` with `generateText`: its system prompt, task and tools. */
function agentLoop(model: LanguageModel, loopSteps = steps, variant = '') {
  return generateText({
    model,
    instructions: agentSystem,
    prompt: agentTask,
    tools: agentTools(2_000, variant),
    stopWhen: stepCountIs(loopSteps + 1),
    maxRetries: 0,
  });
}

function middleware(events: KiokuEvent[], options: KiokuMiddlewareOptions = {}) {
  return kiokuMiddleware({
    counter: quarterCounter(),
    contextWindow: limit,
    onEvent: (event) => events.push(event),
    ...options,
  });
}

describe('live agents: every strategy keeps what the agent needs at every call', () => {
  for (const name of strategies(createOpenAICompatible({ name: 'x', baseURL: 'http://x' })('x')).map(
    ([name]) => name,
  )) {
    it(`${name}: generateText, 3 parallel calls per step, ${steps} steps`, async () => {
      const { server, model } = await serve({ steps, parallel: 3, limit });
      const strategy = strategies(model).find(([candidate]) => candidate === name)?.[1];
      const events: KiokuEvent[] = [];
      const result = await agentLoop(
        wrapLanguageModel({
          model,
          middleware: middleware(events, strategy === undefined ? {} : { strategy }),
        }),
      );
      expect(result.text).toBe(agentAnswer);
      checkEveryCall(server, { limit });
    });
  }

  for (const ids of ['constant', 'per-turn'] as const) {
    it(`the default with ${ids} tool-call ids: the newest results are never masked`, async () => {
      const { server, model } = await serve({ steps, parallel: 2, ids, limit });
      const result = await agentLoop(wrapLanguageModel({ model, middleware: middleware([]) }));
      expect(result.text).toBe(agentAnswer);
      checkEveryCall(server, { limit });
    });
  }

  it('streamText: the same, streamed', async () => {
    const { server, model } = await serve({ steps, parallel: 3, limit });
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: middleware([]) }),
      instructions: agentSystem,
      prompt: agentTask,
      tools: agentTools(),
      stopWhen: stepCountIs(steps + 1),
      maxRetries: 0,
    });
    expect(await result.text).toBe(agentAnswer);
    checkEveryCall(server, { limit });
  });

  it('ToolLoopAgent with kiokuPrepareStep: the same', async () => {
    const { server, model } = await serve({ steps, parallel: 3, limit });
    const agent = new ToolLoopAgent({
      model,
      instructions: agentSystem,
      tools: agentTools(),
      stopWhen: stepCountIs(steps + 1),
      maxRetries: 0,
      prepareStep: kiokuPrepareStep({ counter: quarterCounter(), contextWindow: limit }),
    });
    const result = await agent.generate({ prompt: agentTask });
    expect(result.text).toBe(agentAnswer);
    checkEveryCall(server, { limit });
  });

  it('missing usage: the counter stands in, every call under the window', async () => {
    const { server, model } = await serve({ steps, parallel: 3, limit, noUsage: true });
    const result = await agentLoop(wrapLanguageModel({ model, middleware: middleware([]) }));
    expect(result.text).toBe(agentAnswer);
    checkEveryCall(server, { limit });
  });
});

describe('live agents: overflow', () => {
  /** A small server window, which 80 steps of 3 parallel calls pass again and again, even masked. */
  const limit = 4_000;

  it('kiokuPrepareStep alone recovers from an overflow error, and the next step sends the recovered prompt', async () => {
    // kioku believes the window is 10x the server's: only the server's errors can tell it.
    const { model } = await serve({ steps: 60, parallel: 3, limit });
    const events: KiokuEvent[] = [];
    const agent = new ToolLoopAgent({
      model,
      instructions: agentSystem,
      tools: agentTools(),
      stopWhen: stepCountIs(61),
      maxRetries: 0,
      prepareStep: kiokuPrepareStep({
        counter: quarterCounter(),
        contextWindow: limit * 10,
        onEvent: (event) => events.push(event),
      }),
    });
    const result = await agent.generate({ prompt: agentTask });
    expect(result.text).toBe(agentAnswer);
    const overflows = events.filter((event) => event.type === 'overflow-detected');
    expect(overflows.length).toBeGreaterThan(0);
    expect(overflows.length).toBeLessThanOrEqual(2);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'context-window-learned', contextWindow: limit }),
    );
  });

  it('a window wrong by 10x: at most one overflow after the first, the limit learned', async () => {
    const { server, model } = await serve({ steps: 80, parallel: 3, limit });
    const events: KiokuEvent[] = [];
    const result = await agentLoop(
      wrapLanguageModel({ model, middleware: middleware(events, { contextWindow: limit * 10 }) }),
      80,
    );
    expect(result.text).toBe(agentAnswer);
    const overflows = events.filter((event) => event.type === 'overflow-detected');
    expect(overflows.length).toBeGreaterThanOrEqual(1);
    expect(overflows.length - 1, `${overflows.length} overflows`).toBeLessThanOrEqual(1);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'context-window-learned', previous: limit * 10, contextWindow: limit }),
    );
    // A new conversation with the same model starts within the learned window.
    const later: KiokuEvent[] = [];
    await generateText({
      model: wrapLanguageModel({ model, middleware: middleware(later, { contextWindow: limit * 10 }) }),
      instructions: agentSystem,
      prompt: 'Another alert.',
      maxRetries: 0,
    });
    expect(later.find((event) => event.type === 'prompt-prepared')).toMatchObject({ contextWindow: limit });
    expect(server.requests.length).toBeGreaterThan(80);
  });
});

describe('live agents: silent truncation', () => {
  it('a server that reports far fewer prompt tokens than were sent: one event, one warning, what to do', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // Ollama with its default num_ctx: it keeps 2,048 tokens and says nothing.
    const { model } = await serve({ steps, parallel: 3, reportTokens: (tokens) => Math.min(tokens, 2_048) });
    const events: KiokuEvent[] = [];
    const result = await agentLoop(
      wrapLanguageModel({ model, middleware: middleware(events, { contextWindow: 32_768 }) }),
    );
    expect(result.text).toBe(agentAnswer);
    const suspected = events.filter((event) => event.type === 'truncation-suspected');
    expect(suspected).toHaveLength(1);
    expect(suspected[0]).toMatchObject({ reportedTokens: 2_048 });
    expect(JSON.stringify(suspected[0])).toMatch(/num_ctx/);
    expect(warn.mock.calls.filter(([text]) => String(text).includes('num_ctx'))).toHaveLength(1);
  });

  it('a server that reports what it was sent: no event', async () => {
    const { model } = await serve({ steps: 10, parallel: 3 });
    const events: KiokuEvent[] = [];
    await agentLoop(
      wrapLanguageModel({ model, middleware: middleware(events, { contextWindow: 32_768 }) }),
      10,
    );
    expect(events.filter((event) => event.type === 'truncation-suspected')).toEqual([]);
  });
});

describe('live agents: conversation identity', () => {
  it('two concurrent conversations that start alike are kept apart, and an event says so', async () => {
    const { server, model } = await serve({ steps: 12, parallel: 2 });
    const events: KiokuEvent[] = [];
    const shared = wrapLanguageModel({ model, middleware: middleware(events, { contextWindow: 6_000 }) });
    // The same system prompt and first message (everyone starts with the same alert), different results.
    const run = (variant: string) => agentLoop(shared, 12, variant);
    const [first, second] = await Promise.all([run('a'), run('b')]);
    expect(first.text).toBe(agentAnswer);
    expect(second.text).toBe(agentAnswer);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'conversation-diverged', derived: true, resolution: 'forked' }),
    );
    expect(
      events.filter((event) => event.type === 'conversation-diverged' && event.resolution === 'restarted'),
    ).toEqual([]);
    // No prompt mixes the two conversations, and each kept its newest results verbatim.
    for (const request of agentRequests(server)) {
      const text = JSON.stringify(requestMessages(request));
      expect(text.includes('result a') && text.includes('result b')).toBe(false);
      const newest = newestStep(request);
      const variant = text.includes('result b') ? 'b' : 'a';
      if (newest !== undefined) {
        expect(newest.results).toEqual(
          newest.calls.map((call) => agentToolOutput(call.step, call.k, 2_000, variant)),
        );
      }
    }
    // Each conversation compacted on its own: no more summaries than two conversations alone need.
    expect(events.filter((event) => event.type === 'context-compacted').length).toBeLessThanOrEqual(4);
  });

  it('a typo in providerOptions.kioku throws instead of falling back', async () => {
    const { model } = await serve({ steps: 1 });
    const failure = await generateText({
      model: wrapLanguageModel({ model, middleware: middleware([]) }),
      prompt: agentTask,
      providerOptions: { kioku: { conversationID: 'ticket-42' } },
      maxRetries: 0,
    }).catch((error: unknown) => error);
    expect(StrategyOptionsError.isInstance(failure)).toBe(true);
    expect(String(failure)).toMatch(/conversationID/);
  });

  it('a named conversation whose history is replaced by another: restarted, with an event', async () => {
    const { model } = await serve({ steps: 2 });
    const events: KiokuEvent[] = [];
    const wrapped = wrapLanguageModel({ model, middleware: middleware(events) });
    const providerOptions = { kioku: { conversationId: 'ticket-42' } };
    await generateText({
      model: wrapped,
      prompt: agentTask,
      tools: agentTools(),
      stopWhen: stepCountIs(3),
      providerOptions,
    });
    await generateText({ model: wrapped, prompt: 'Something else entirely.', providerOptions });
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'conversation-diverged',
        conversationId: 'id:ticket-42',
        derived: false,
        resolution: 'restarted',
      }),
    );
  });
});

describe('live agents: aborts', () => {
  /** Where the abort lands: as a call arrives, while the server holds the agent's call, while it holds a summary. */
  const stages = [
    { name: 'as the second call arrives', when: (index: number) => index === 1, before: true },
    { name: 'during the fourth call', when: (index: number) => index === 3, before: false },
    { name: 'during a summary', when: (_: number, summary: boolean) => summary, before: false },
  ];
  for (const stage of stages) {
    for (const streamed of [false, true]) {
      it(`aborted ${stage.name}${streamed ? ' (streamText)' : ''}: rejects with the abort, and the conversation goes on after`, async () => {
        const controller = new AbortController();
        const respond = scriptedAgent({ steps: 12, parallel: 2 });
        let held = false;
        const server = await startLoopbackProvider({
          respond: (request, index) => {
            const reply = respond(request);
            if (held || !stage.when(index, isSummaryRequest(request))) return reply;
            held = true;
            if (stage.before) {
              controller.abort(new Error('stopped by the caller'));
              return reply;
            }
            setTimeout(() => controller.abort(new Error('stopped by the caller')), 20);
            return { delayMs: 60_000, reply };
          },
        });
        servers.push(server);
        const model = createOpenAICompatible({ name: 'loopback', baseURL: server.baseUrl })(
          `agent-${++models}`,
        );
        const wrapped = wrapLanguageModel({ model, middleware: middleware([], { contextWindow: 3_000 }) });
        const settings = {
          model: wrapped,
          instructions: agentSystem,
          prompt: agentTask,
          tools: agentTools(),
          stopWhen: stepCountIs(13),
          maxRetries: 0,
        };
        const failure = streamed
          ? await streamText({ ...settings, abortSignal: controller.signal, onError: () => {} }).text.then(
              () => 'finished',
              (error: unknown) => error,
            )
          : await generateText({ ...settings, abortSignal: controller.signal }).catch(
              (error: unknown) => error,
            );
        expect(String(failure)).toMatch(/stopped by the caller|abort/i);
        expect(held).toBe(true);
        const result = await generateText(settings);
        expect(result.text).toBe(agentAnswer);
        checkEveryCall(server, {});
      });
    }
  }
});
