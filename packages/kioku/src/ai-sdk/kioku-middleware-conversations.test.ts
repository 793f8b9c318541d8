import { generateText, type ModelMessage, wrapLanguageModel } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { summarization } from '../strategies/summarization/summarization.js';
import { quarterCounter } from '../test/quarter-counter.js';
import { scriptedModel } from '../test/scripted-model.js';
import { toolStep } from '../test/tool-step.js';
import { type ConversationCache, conversationCache } from './conversation-cache.js';
import { kiokuMiddleware } from './kioku-middleware.js';

/** A conversation opened about `tag` whose steps name `stepsTag`: `steps` steps of ~300 tokens each. */
function conversation(tag: string, steps: number, stepsTag = tag): ModelMessage[] {
  const lines = Array.from(
    { length: 30 },
    (_, i) => `${stepsTag} log line ${i}: connection from 10.0.0.${i}`,
  );
  return [
    { role: 'user', content: `Investigate the ${tag} alert.` },
    ...Array.from({ length: steps }, (_, i) =>
      toolStep({ id: `${stepsTag}-${i}`, output: lines.join('\n'), thought: `${stepsTag} step ${i}` }),
    ).flat(),
  ];
}

/** A summarizer that answers after a timer, so concurrent conversations interleave around its await. */
function slowSummarizer() {
  const model = scriptedModel({ replies: [{ text: 'Summary: the analyst ran commands.' }], modelId: 's' });
  const doGenerate = model.doGenerate.bind(model);
  model.doGenerate = async (options) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return doGenerate(options);
  };
  return model;
}

/** One wrapped model summarizing at 80% of an 8,000-token window, through `summarizer`. */
function setup({
  summarizer = slowSummarizer(),
  inner = scriptedModel({ replies: [{ text: 'ok' }] }),
  conversations,
}: {
  summarizer?: ReturnType<typeof slowSummarizer>;
  inner?: ReturnType<typeof scriptedModel>;
  conversations?: ConversationCache;
} = {}) {
  const model = wrapLanguageModel({
    model: inner,
    middleware: kiokuMiddleware({
      counter: quarterCounter(),
      contextWindow: 8_000,
      strategy: summarization({ model: summarizer, contextWindow: 200_000, minSliceTokens: 0 }),
      ...(conversations === undefined ? {} : { conversations }),
    }),
  });
  return { summarizer, inner, model };
}

const tagsOf = (prompt: unknown) => ['ALPHA', 'BRAVO'].filter((tag) => JSON.stringify(prompt).includes(tag));

describe('kiokuMiddleware: conversations', () => {
  it('keeps two concurrent conversations through one wrapped model apart, one summary each', async () => {
    const { summarizer, inner, model } = setup();
    const run = async (tag: string) => {
      for (let steps = 24; steps < 28; steps += 1) {
        await generateText({ model, messages: conversation(tag, steps), maxRetries: 0 });
      }
    };
    await Promise.all([run('ALPHA'), run('BRAVO')]);
    expect(inner.doGenerateCalls).toHaveLength(8);
    for (const call of inner.doGenerateCalls) expect(tagsOf(call.prompt)).toHaveLength(1);
    for (const call of summarizer.doGenerateCalls) expect(tagsOf(call.prompt)).toHaveLength(1);
    // Each conversation is summarized once; later calls reuse its summary.
    expect(summarizer.doGenerateCalls).toHaveLength(2);
  });

  it('keys conversations by providerOptions.kioku.conversationId when given', async () => {
    const { summarizer, inner, model } = setup();
    // Two conversations with the same opening: only their ids tell them apart.
    const send = (id: string, steps: number) =>
      generateText({
        model,
        messages: conversation('ALPHA', steps, id === 'one' ? 'ALPHA' : 'BRAVO'),
        providerOptions: { kioku: { conversationId: id } },
        maxRetries: 0,
      });
    await Promise.all([send('one', 24), send('two', 24)]);
    await Promise.all([send('one', 25), send('two', 25)]);
    await Promise.all([send('one', 26), send('two', 26)]);
    expect(summarizer.doGenerateCalls).toHaveLength(2);
    const bravo = inner.doGenerateCalls.filter((call) => tagsOf(call.prompt).includes('BRAVO'));
    expect(bravo).toHaveLength(3);
  });

  it('keeps a conversation’s summary across middlewares built per request that share a conversation cache', async () => {
    const summarizer = slowSummarizer();
    const inner = scriptedModel({ replies: [{ text: 'ok' }] });
    const conversations = conversationCache({ maxConversations: 10 });
    for (let steps = 24; steps < 28; steps += 1) {
      const { model } = setup({ summarizer, inner, conversations });
      await generateText({ model, messages: conversation('ALPHA', steps), maxRetries: 0 });
    }
    expect(summarizer.doGenerateCalls).toHaveLength(1);
    expect(conversations.size).toBe(1);
  });

  it('ends the call with the abort error when the caller’s signal fires during a hung summary', async () => {
    const signals: Array<AbortSignal | undefined> = [];
    const hung = new MockLanguageModelV4({
      modelId: 'hung',
      doGenerate: (options) => {
        signals.push(options.abortSignal);
        return new Promise(() => {});
      },
    });
    const inner = scriptedModel({ replies: [{ text: 'ok' }] });
    const model = wrapLanguageModel({
      model: inner,
      middleware: kiokuMiddleware({
        counter: quarterCounter(),
        contextWindow: 8_000,
        strategy: summarization({ model: hung, contextWindow: 200_000, maxRetries: 0 }),
      }),
    });
    const outcome = await generateText({
      model,
      messages: conversation('ALPHA', 30),
      abortSignal: AbortSignal.timeout(20),
      maxRetries: 0,
    }).then(
      () => 'resolved',
      (error: unknown) => error,
    );
    expect(outcome).toMatchObject({ name: 'TimeoutError' });
    expect(inner.doGenerateCalls).toHaveLength(0);
    // The summarizer was given the caller's signal.
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
  });
});
