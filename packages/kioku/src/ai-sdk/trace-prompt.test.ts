import { trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { generateText, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observationMasking } from '../strategies/observation-masking/observation-masking.js';
import { errorFixture, fixtureError } from '../test/error-fixture.js';
import { quarterCounter } from '../test/quarter-counter.js';
import { scriptedModel } from '../test/scripted-model.js';
import { outputLines, toolStep } from '../test/tool-step.js';
import { kiokuMiddleware } from './kioku-middleware.js';

describe('kiokuMiddleware: OpenTelemetry spans when a tracer provider is registered', () => {
  const exporter = new InMemorySpanExporter();
  beforeAll(() => {
    trace.setGlobalTracerProvider(
      new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
    );
  });
  afterAll(() => trace.disable());

  it('one span per prompt kioku prepares, with the GenAI conventions and what kioku did', async () => {
    const messages = [
      { role: 'user' as const, content: 'Investigate alert 42.' },
      ...Array.from({ length: 12 }, (_, i) => toolStep({ id: `call-${i}`, output: outputLines(60) })).flat(),
    ];
    const overflow = fixtureError(errorFixture('vllm-maximum-context-length.json'));
    const model = wrapLanguageModel({
      model: scriptedModel({ replies: [{ throws: overflow }, { text: 'done' }], provider: 'vllm.chat' }),
      middleware: kiokuMiddleware({
        strategy: observationMasking({ keep: 2 }),
        counter: quarterCounter(),
        contextWindow: 1_000_000,
      }),
    });
    await generateText({
      model,
      messages,
      providerOptions: { kioku: { conversationId: 'alert-42' } },
      maxRetries: 0,
    });
    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name)).toEqual(['kioku.prepare mock-model', 'kioku.recover mock-model']);
    const [prepare, recover] = spans;
    expect(prepare?.attributes).toMatchObject({
      'gen_ai.operation.name': 'kioku.prepare',
      'gen_ai.request.model': 'mock-model',
      'gen_ai.provider.name': 'vllm.chat',
      'gen_ai.conversation.id': 'id:alert-42',
      'kioku.outputs_masked': 10,
      'kioku.compacted': false,
      'kioku.context_window': 1_000_000,
    });
    expect(prepare?.attributes['kioku.prompt.tokens']).toBeGreaterThan(0);
    // The vLLM body states 131,072 tokens: the recovery works within it from then on.
    expect(recover?.attributes).toMatchObject({
      'gen_ai.conversation.id': 'id:alert-42',
      'kioku.compacted': true,
      'kioku.context_window': 131_072,
    });
  });

  it('records nothing with telemetry: false', async () => {
    exporter.reset();
    const model = wrapLanguageModel({
      model: scriptedModel({ replies: [{ text: 'done' }] }),
      middleware: kiokuMiddleware({ counter: quarterCounter(), contextWindow: 100_000, telemetry: false }),
    });
    await generateText({ model, prompt: 'hi', maxRetries: 0 });
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
