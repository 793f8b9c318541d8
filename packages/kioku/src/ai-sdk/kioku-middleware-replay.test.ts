import { fileURLToPath } from 'node:url';
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { generateText, type ModelMessage, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { placeCacheBreakpoints } from '../pricing/place-cache-breakpoints.js';
import { replayCalls } from '../replay/replay-calls.js';
import { replayTranscript } from '../replay/replay-transcript.js';
import { resolvePricing } from '../replay/resolve-pricing.js';
import { kiokuDefault } from '../strategies/kioku-default/kioku-default.js';
import { scriptedModel } from '../test/scripted-model.js';
import { counterForModel } from '../tokens/counter-for-model.js';
import { loadTranscripts } from '../transcripts/load-transcripts.js';
import { thresholdTrigger } from '../triggers/threshold-trigger.js';
import { kiokuMiddleware } from './kioku-middleware.js';
import { fromLanguageModelPrompt } from './language-model-prompt.js';

const sample = fileURLToPath(new URL('../../../../samples/pydicom__pydicom-901.traj.json', import.meta.url));

describe('kiokuMiddleware and replayTranscript', () => {
  it('a live loop over a recorded run with the default middleware sends, call by call, what the replay of kiokuDefault says it sends', async () => {
    const { transcripts } = await loadTranscripts([sample]);
    const transcript = transcripts[0];
    if (transcript === undefined) throw new Error('the sample did not load');
    const modelId = transcript.model ?? 'deepseek-chat';
    const counter = counterForModel(modelId);
    // The model's own prices: the middleware weighs rewrites at them too (the catalog's cache prices).
    const pricing = resolvePricing({ modelId });
    const contextWindow = pricing.model.contextWindow;
    const replay = await replayTranscript({
      transcript,
      strategy: kiokuDefault(),
      counter,
      pricing,
      trigger: thresholdTrigger(),
    });

    const tokensOf = (options: LanguageModelV4CallOptions) =>
      counter.countPrompt({ messages: fromLanguageModelPrompt(options.prompt) });
    const inner = scriptedModel({
      replies: [{ text: 'ok' }],
      provider: 'deepseek.chat',
      modelId,
      inputTokens: tokensOf,
    });
    const model = wrapLanguageModel({
      model: inner,
      // No strategy given: the default applies kiokuDefault() before every call (summaries only at 80%).
      middleware: kiokuMiddleware({ counter, contextWindow }),
    });
    // AI SDK 7 takes the system prompt as `instructions`; the model receives it first, as the replay does.
    const [system, ...rest] = transcript.messages;
    if (system?.role !== 'system' || typeof system.content !== 'string') throw new Error('no system prompt');
    for (const call of replayCalls(transcript)) {
      const messages = rest.slice(0, call.messageCount - 1);
      await generateText({ model, instructions: system.content, messages, maxRetries: 0 });
    }

    const live = inner.doGenerateCalls.map((options) => ({
      sentMessages: fromLanguageModelPrompt(options.prompt).length,
      inputTokens: tokensOf(options),
    }));
    const replayed = replay.calls.map(({ sentMessages, inputTokens }) => ({ sentMessages, inputTokens }));
    expect(live).toEqual(replayed);
    // The default masks this run: fewer tokens than the unmanaged history (0.70× since outputs under 256
    // tokens stay and placeholders keep a digest).
    expect(replay.totals.inputTokens).toBeLessThan(
      0.75 * replay.calls.reduce((sum, c) => sum + c.unmanagedTokens, 0),
    );
  });
});

describe('kiokuMiddleware with kiokuDefault: cache breakpoints', () => {
  it('sends the default’s own breakpoints whatever the caller marked (the agents’ rule never reaches the provider)', async () => {
    const { transcripts } = await loadTranscripts([sample]);
    const transcript = transcripts[0];
    if (transcript === undefined) throw new Error('the sample did not load');
    const modelId = 'claude-3-5-sonnet-20241022';
    const counter = counterForModel(modelId);
    const [system, ...rest] = transcript.messages;
    if (system?.role !== 'system' || typeof system.content !== 'string') throw new Error('no system prompt');
    const markedAt = (options: LanguageModelV4CallOptions) =>
      fromLanguageModelPrompt(options.prompt).flatMap((message, index) =>
        message.providerOptions?.anthropic?.cacheControl === undefined ? [] : [index],
      );
    /** The breakpoints the model received at each call, the caller marking its messages with `mark`. */
    const sent = async (mark: (messages: ModelMessage[]) => ModelMessage[], keepCacheBreakpoints = false) => {
      const inner = scriptedModel({ replies: [{ text: 'ok' }], provider: 'anthropic.messages', modelId });
      const model = wrapLanguageModel({
        model: inner,
        middleware: kiokuMiddleware({ counter, contextWindow: 200_000, keepCacheBreakpoints }),
      });
      for (const call of replayCalls(transcript).slice(0, 30)) {
        const messages = mark(rest.slice(0, call.messageCount - 1));
        await generateText({ model, instructions: system.content, messages, maxRetries: 0 });
      }
      return inner.doGenerateCalls.map(markedAt);
    };
    const own = await sent((messages) => messages);
    // The caller marks its latest 3 user and tool messages, as agents do, at every call.
    const agents = await sent((messages) => placeCacheBreakpoints(messages, { system: false }));
    expect(agents).toEqual(own);
    // The default does mark (the system prompt and the latest messages, then its frontier), never more than 4.
    expect(own.every((indexes) => indexes.length > 0 && indexes.length <= 4)).toBe(true);

    // keepCacheBreakpoints: exactly the caller's markers of each call (its latest 3 user and tool
    // messages, after the instructions), none of kioku's.
    const kept = await sent((messages) => placeCacheBreakpoints(messages, { system: false }), true);
    expect(kept).not.toEqual(own);
    const callers = replayCalls(transcript)
      .slice(0, 30)
      .map((call) =>
        placeCacheBreakpoints(rest.slice(0, call.messageCount - 1), { system: false }).flatMap(
          (message, index) =>
            message.providerOptions?.anthropic?.cacheControl === undefined ? [] : [index + 1],
        ),
      );
    expect(kept).toEqual(callers);
  });
});
