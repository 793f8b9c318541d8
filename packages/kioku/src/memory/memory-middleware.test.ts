import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import { generateText, jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStore, type Store } from '../store/index.js';
import { scriptedModel } from '../test/scripted-model.js';
import { createHashingEmbedder } from './hashing-embedder.js';
import type { IntrospectionReport } from './introspect.js';
import { memoryMiddleware } from './memory-middleware.js';
import { openMemory } from './open-memory.js';

const request = 'Triage alert SOC-42587: anomalous sign-in followed by suspicious PowerShell execution';
const past = 'SigninLogs.ResultType is a string; "0" means a successful sign-in';
const learned = 'EmailEvents.NetworkMessageId joins EmailEvents to EmailAttachmentInfo';

/** The reviewer: answers every introspection with one new claim and the recalled memories helpful. */
function reviewer() {
  const calls: LanguageModelV4CallOptions[] = [];
  const model = new MockLanguageModelV4({
    modelId: 'reviewer',
    doGenerate: async (options): Promise<LanguageModelV4GenerateResult> => {
      calls.push(options);
      const ids = [...JSON.stringify(options.prompt).matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1]));
      return {
        content: [
          {
            type: 'text',
            text: JSON.stringify({ claims: [learned], helpfulMemoryIds: ids, harmfulMemoryIds: [] }),
          },
        ],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 100, noCache: 100, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 10, text: 10, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
  return { model, calls };
}

describe('memoryMiddleware', () => {
  let store: Store;
  let namespaces = 0;
  beforeAll(async () => {
    store = await openStore({ location: 'memory://' });
  });
  afterAll(async () => store?.close());

  async function memoryWithPast() {
    const memory = await openMemory({
      store,
      embedder: createHashingEmbedder(),
      namespace: `mw-${++namespaces}`,
    });
    await memory.learn({ request: 'Investigate an anomalous sign-in alert for a user', claims: [past] });
    return memory;
  }

  it('recalls into the system prompt from the last user message, and introspects when the run finishes', async () => {
    const memory = await memoryWithPast();
    const agent = scriptedModel({
      replies: [
        { toolCalls: [{ toolCallId: 'c1', toolName: 'query', input: { q: 'SigninLogs' } }] },
        { text: 'Benign: the sign-in came from the user’s usual device.' },
      ],
    });
    const review = reviewer();
    const reports: IntrospectionReport[] = [];
    const middleware = memoryMiddleware({
      memory,
      introspectionModel: review.model,
      onIntrospection: (report) => reports.push(report),
    });
    const model = wrapLanguageModel({ model: agent, middleware });
    await generateText({
      providerOptions: { kioku: { introspect: true } },
      model,
      instructions: 'You are a SOC analyst.',
      prompt: request,
      tools: {
        query: tool({
          inputSchema: jsonSchema<{ q: string }>({ type: 'object', properties: { q: { type: 'string' } } }),
          execute: async () => 'no rows',
        }),
      },
      stopWhen: stepCountIs(3),
    });
    await middleware.close();
    // Both steps got the past knowledge, after the caller's own system prompt.
    for (const call of agent.doGenerateCalls) {
      expect(call.prompt[0]).toMatchObject({ role: 'system', content: 'You are a SOC analyst.' });
      const knowledge = call.prompt[1];
      expect(knowledge?.role === 'system' ? knowledge.content : undefined).toMatch(
        /^Past knowledge[\s\S]*"0" means/,
      );
    }
    // One review, after the answer, not after the tool call.
    expect(review.calls).toHaveLength(1);
    expect(reports).toHaveLength(1);
    const [report] = reports;
    if (!report?.success) throw new Error('the introspection failed');
    expect(report.learned.stored.map((entry) => entry.claim)).toEqual([learned]);
    expect(report.learned.scored).toEqual([expect.objectContaining({ score: 1 })]);
    expect((await memory.recall({ request })).map((entry) => entry.claim)).toContain(learned);
  });

  it('introspects at the end of a stream too, and leaves a prompt without a user message alone', async () => {
    const memory = await memoryWithPast();
    const review = reviewer();
    const agent = scriptedModel({ replies: [{ text: 'Done.' }] });
    const middleware = memoryMiddleware({ memory, introspectionModel: review.model, introspect: true });
    const model = wrapLanguageModel({ model: agent, middleware });
    const result = streamText({ model, prompt: request });
    expect(await result.text).toBe('Done.');
    await middleware.close();
    expect(review.calls).toHaveLength(1);

    const silent = reviewer();
    const bare = wrapLanguageModel({
      model: scriptedModel({ replies: [{ text: 'Hi.' }] }),
      middleware: memoryMiddleware({ memory, introspectionModel: silent.model }),
    });
    await generateText({ model: bare, messages: [{ role: 'assistant', content: 'Hello.' }] }).catch(
      () => undefined,
    );
    expect(silent.calls).toHaveLength(0);
  });

  /** A reviewer that answers only once `release` is called. */
  function heldReviewer() {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const review = reviewer();
    const slow = new MockLanguageModelV4({
      modelId: 'slow-reviewer',
      doGenerate: async (options) => {
        await held;
        return review.model.doGenerate(options);
      },
    });
    return { review, slow, release: () => release() };
  }

  it('returns the answer, and ends a stream, before the review runs; close() waits for it', async () => {
    const memory = await memoryWithPast();
    const { review, slow, release } = heldReviewer();
    const middleware = memoryMiddleware({ memory, introspectionModel: slow, introspect: true });
    const model = wrapLanguageModel({ model: scriptedModel({ replies: [{ text: 'Done.' }] }), middleware });
    expect((await generateText({ model, prompt: request })).text).toBe('Done.');
    expect(await streamText({ model, prompt: request }).text).toBe('Done.');
    expect(middleware.pending).toBe(2);
    expect(review.calls).toHaveLength(0);
    release();
    await middleware.close();
    expect(middleware.pending).toBe(0);
    expect(review.calls).toHaveLength(2);
  });

  it('reviews only conversations that opt in, and drops reviews past maxQueued', async () => {
    const memory = await memoryWithPast();
    const review = reviewer();
    const optIn = memoryMiddleware({ memory, introspectionModel: review.model });
    const model = wrapLanguageModel({
      model: scriptedModel({ replies: [{ text: 'Done.' }] }),
      middleware: optIn,
    });
    await generateText({ model, prompt: request });
    await optIn.close();
    expect(review.calls).toHaveLength(0);

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const held = heldReviewer();
    const bounded = memoryMiddleware({
      memory,
      introspectionModel: held.slow,
      introspect: true,
      maxQueued: 1,
    });
    const busy = wrapLanguageModel({
      model: scriptedModel({ replies: [{ text: 'Done.' }] }),
      middleware: bounded,
    });
    for (let run = 0; run < 4; run += 1) await generateText({ model: busy, prompt: request });
    held.release();
    await bounded.close();
    // One runs and one waits; the other two are dropped, with one warning.
    expect(bounded.dropped).toBe(2);
    expect(held.review.calls).toHaveLength(2);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
