import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embedMany, generateText, streamText, wrapLanguageModel } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { kiokuMiddleware } from '../ai-sdk/kioku-middleware.js';
import { ContextOverflowError } from '../errors/context-overflow-error.js';
import { observationMasking } from '../strategies/observation-masking/observation-masking.js';
import { errorFixture } from './error-fixture.js';
import { type LoopbackProvider, startLoopbackProvider } from './loopback-provider-server.js';
import { quarterCounter } from './quarter-counter.js';
import { outputLines, toolStep } from './tool-step.js';

let server: LoopbackProvider | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const client = (baseURL: string, name = 'loopback') =>
  createOpenAICompatible({ name, baseURL, includeUsage: true }).chatModel('local-model');

const history = () => [
  { role: 'user' as const, content: 'Investigate alert 42.' },
  ...Array.from({ length: 20 }, (_, i) => toolStep({ id: `c${i}`, output: outputLines(100) })).flat(),
];

describe('loopback provider server', () => {
  it('answers the real OpenAI-compatible client, plain and streaming, with usage', async () => {
    server = await startLoopbackProvider({
      replies: [{ text: 'plain' }, { text: 'streamed answer, in pieces' }],
    });
    const model = client(server.baseUrl);
    const plain = await generateText({ model, prompt: 'hi' });
    expect(plain.text).toBe('plain');
    expect(plain.usage.inputTokens).toBeGreaterThan(0);
    const streamed = streamText({ model, prompt: 'hi' });
    expect(await streamed.text).toBe('streamed answer, in pieces');
    expect((await streamed.usage).inputTokens).toBeGreaterThan(0);
    expect(server.requests.map((request) => request.body?.stream ?? false)).toEqual([false, true]);
  });

  for (const stream of [false, true]) {
    it(`delivers a real overflow body over HTTP; the middleware compacts and retries once (${stream ? 'streamText' : 'generateText'})`, async () => {
      const fixture = errorFixture('llama-cpp-exceed-context-size.json');
      server = await startLoopbackProvider({
        replies: [{ status: fixture.statusCode ?? 400, body: fixture.body }, { text: 'fits now' }],
      });
      const events: string[] = [];
      const model = wrapLanguageModel({
        model: client(server.baseUrl, 'llama-cpp'),
        middleware: kiokuMiddleware({
          strategy: observationMasking({ keep: 3 }),
          counter: quarterCounter(),
          contextWindow: 8192,
          trigger: false,
          onEvent: (event) => events.push(event.type),
        }),
      });
      const text = stream
        ? await streamText({ model, messages: history(), maxRetries: 0 }).text
        : (await generateText({ model, messages: history(), maxRetries: 0 })).text;
      expect(text).toBe('fits now');
      expect(events.filter((type) => type !== 'fallback-used')).toEqual([
        'prompt-prepared',
        'overflow-detected',
        'context-compacted',
        'prompt-prepared',
        'retry',
      ]);
      const [rejected, retried] = server.requests.map((request) => JSON.stringify(request.body).length);
      expect(retried).toBeLessThan((rejected ?? 0) / 2);
    });
  }

  it('serves embeddings to the real OpenAI-compatible client when given an embed function, else 404', async () => {
    server = await startLoopbackProvider({ replies: [], embed: (text) => [text.length, 1] });
    const model = createOpenAICompatible({ name: 'loopback', baseURL: server.baseUrl }).embeddingModel(
      'embed',
    );
    const { embeddings } = await embedMany({ model, values: ['abc', 'hello'] });
    expect(embeddings).toEqual([
      [3, 1],
      [5, 1],
    ]);
    expect(server.requests[0]).toMatchObject({
      path: '/v1/embeddings',
      body: { model: 'embed', input: ['abc', 'hello'] },
    });
    const plain = await startLoopbackProvider({ replies: [] });
    try {
      const response = await fetch(`${plain.baseUrl}/embeddings`, { method: 'POST', body: '{"input":"x"}' });
      expect(response.status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('keeps failing past maxRetries into ContextOverflowError, never looping', async () => {
    const fixture = errorFixture('deepseek-maximum-context-length.json');
    server = await startLoopbackProvider({ replies: [{ status: 400, body: fixture.body }] });
    const model = wrapLanguageModel({
      model: client(server.baseUrl, 'deepseek'),
      middleware: kiokuMiddleware({
        strategy: observationMasking({ keep: 3 }),
        counter: quarterCounter(),
        contextWindow: 65_536,
        trigger: false,
        maxRetries: 2,
      }),
    });
    const failure = await generateText({ model, messages: history(), maxRetries: 0 }).catch(
      (error: unknown) => error,
    );
    expect(ContextOverflowError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ provider: 'deepseek', tokenLimit: 65_536, attempts: 2 });
    expect(server.requests).toHaveLength(3);
  });

  it('serves slow replies that a timeout cuts short, and closes with them pending', async () => {
    server = await startLoopbackProvider({ replies: [{ delayMs: 60_000, reply: { text: 'late' } }] });
    const started = Date.now();
    await expect(
      generateText({
        model: client(server.baseUrl),
        prompt: 'hi',
        maxRetries: 0,
        abortSignal: AbortSignal.timeout(200),
      }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
