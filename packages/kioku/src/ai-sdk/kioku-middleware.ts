import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Middleware,
  LanguageModelV4StreamResult,
} from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
import { defaultOverflowDetectors } from '../overflow/default-overflow-detectors.js';
import { detectContextOverflow } from '../overflow/detect-context-overflow.js';
import type { OverflowDetector } from '../overflow/overflow-detector.js';
import { checkCount } from '../strategies/internal/check-option.js';
import type { ToolDefinition } from '../transcripts/transcript.js';
import { type ConversationCache, conversationCache } from './conversation-cache.js';
import { conversationId } from './conversation-id.js';
import type { ConversationSessions } from './conversation-sessions.js';
import type { Compactor } from './create-compactor.js';
import { checkKiokuOptions, compactorForModel, type KiokuOptions } from './kioku-options.js';
import { fromLanguageModelPrompt, toLanguageModelPrompt, toolDefinitions } from './language-model-prompt.js';
import { peekStream, watchUsage } from './peek-stream.js';
import { retryAfterOverflow } from './retry-after-overflow.js';

/** Options of {@link kiokuMiddleware}. */
export interface KiokuMiddlewareOptions extends KiokuOptions {
  /** Compactions and retries after a provider's overflow error, per call; default 1, 0 turns them off. */
  maxRetries?: number;
  /** Default `defaultOverflowDetectors()`. */
  detectors?: readonly OverflowDetector[];
  /**
   * Where each conversation's state is kept (see `conversationCache`); default one of this middleware's
   * own. Share one between middlewares built per request.
   */
  conversations?: ConversationCache;
  /**
   * Where conversations persist (`conversationSessions(createSessionStore(store))` from `kioku/store`);
   * default none. Each conversation is the session named by its id (`id:<conversationId>` when given,
   * else `derived:<hash>`): its messages are appended as calls carry them (the last answer is the
   * caller's to append) and each summary is recorded as a view; a conversation whose state is not in
   * memory (a new process, one dropped from the cache) resumes from its latest recorded compaction
   * instead of summarizing again. Failures are reported as `session-error` events; the call goes on.
   */
  sessions?: ConversationSessions;
}

/** The caller's history behind a (transformed) call, for compacting it after an overflow. */
interface CallHistory {
  messages: ModelMessage[];
  tools: ToolDefinition[] | undefined;
  compactor: Compactor;
}

/**
 * Language-model middleware that keeps conversations inside the model's window: before each call it
 * applies the strategy (by default `kiokuDefault()`, cache-aware masking, as `kioku analyze` replays it)
 * and compacts further when the prompt reaches the trigger's threshold (80% by default, judged from the
 * usage the provider reported for the previous call; by default a summary); when the provider still
 * rejects the prompt as too long (an `APICallError`, or an error at the start of a stream) it compacts
 * within the limit the error states and retries, `maxRetries` times (once by default), then throws
 * `ContextOverflowError`. A failing strategy falls back to masking, then truncation. The caller's messages
 * are never changed. State is kept per conversation (`providerOptions.kioku.conversationId`, else derived
 * from the system prompt and the first user message), so one wrapped model can serve concurrent
 * conversations; the call's `abortSignal` reaches every model call a compaction makes.
 *
 * @example
 * const model = wrapLanguageModel({ model: openai('gpt-4o'), middleware: kiokuMiddleware({ onEvent: console.log }) });
 * const { text } = await generateText({ model, messages, tools, stopWhen: stepCountIs(50) });
 */
export function kiokuMiddleware(options: KiokuMiddlewareOptions = {}): LanguageModelV4Middleware {
  const { maxRetries = 1, detectors = defaultOverflowDetectors(), onEvent } = options;
  checkKiokuOptions('kiokuMiddleware', options);
  checkCount({ strategy: 'kiokuMiddleware', option: 'maxRetries', value: maxRetries });
  const conversations = options.conversations ?? conversationCache();
  const histories = new WeakMap<LanguageModelV4CallOptions, CallHistory>();
  const compactorOf = (model: LanguageModelV4, params: LanguageModelV4CallOptions): Compactor => {
    const id = conversationId(params);
    return conversations.get(id, () =>
      compactorForModel('kiokuMiddleware', options, {
        model,
        modelId: model.modelId,
        provider: model.provider,
        ...(options.sessions === undefined
          ? {}
          : { session: { sessions: options.sessions, conversationId: id } }),
      }),
    );
  };
  const retry = <Result>(
    error: unknown,
    params: LanguageModelV4CallOptions,
    model: LanguageModelV4,
    call: (params: LanguageModelV4CallOptions) => PromiseLike<Result>,
  ): Promise<Result> => {
    const history = histories.get(params);
    if (history === undefined) return Promise.reject(error);
    return retryAfterOverflow({
      error,
      maxRetries,
      detect: (failure) => detectContextOverflow(failure, { detectors, providerId: model.provider }),
      recover: async (overflow) => {
        const prepared = await history.compactor.recover({
          messages: history.messages,
          tools: history.tools,
          reservedOutputTokens: options.reservedOutputTokens ?? params.maxOutputTokens,
          abortSignal: params.abortSignal,
          overflow,
        });
        return {
          params: {
            ...params,
            prompt: await toLanguageModelPrompt(prepared.messages, { provider: model.provider }),
          },
          tokensBefore: prepared.compaction?.tokensBefore ?? prepared.estimatedTokens,
          tokensAfter: prepared.estimatedTokens,
        };
      },
      call,
      onEvent,
    });
  };
  const isOverflow = (model: LanguageModelV4) => (error: unknown) =>
    detectContextOverflow(error, { detectors, providerId: model.provider }) !== undefined;
  const recordUsage = (params: LanguageModelV4CallOptions) => (tokens: number | undefined) =>
    histories.get(params)?.compactor.recordUsage(tokens);

  return {
    specificationVersion: 'v4',
    async transformParams({ params, model }) {
      const messages = fromLanguageModelPrompt(params.prompt);
      const tools = toolDefinitions(params.tools);
      const compactor = compactorOf(model, params);
      const prepared = await compactor.prepare({
        messages,
        tools,
        reservedOutputTokens: options.reservedOutputTokens ?? params.maxOutputTokens,
        abortSignal: params.abortSignal,
      });
      const unchanged =
        prepared.messages.length === messages.length &&
        prepared.messages.every((message, index) => message === messages[index]);
      const next = unchanged
        ? params
        : { ...params, prompt: await toLanguageModelPrompt(prepared.messages, { provider: model.provider }) };
      histories.set(next, { messages, tools, compactor });
      return next;
    },
    async wrapGenerate({ doGenerate, params, model }) {
      const result = await doGenerate().then(undefined, (error: unknown) =>
        retry(error, params, model, (retried) => model.doGenerate(retried)),
      );
      recordUsage(params)(result.usage.inputTokens.total);
      return result;
    },
    async wrapStream({ doStream, params, model }) {
      const start = async (call: () => PromiseLike<LanguageModelV4StreamResult>) => {
        const result = await call();
        const stream = await peekStream(result.stream, isOverflow(model));
        return { ...result, stream: watchUsage(stream, recordUsage(params)) };
      };
      return start(doStream).catch((error: unknown) =>
        retry(error, params, model, (retried) => start(() => model.doStream(retried))),
      );
    },
  };
}
