import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Middleware,
  LanguageModelV4StreamResult,
} from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
import { checkCount } from '../strategies/check-option.js';
import type { ToolDefinition } from '../transcripts/transcript.js';
import { defaultOverflowDetectors } from '../triggers/default-overflow-detectors.js';
import { detectContextOverflow } from '../triggers/detect-context-overflow.js';
import type { OverflowDetector } from '../triggers/overflow-detector.js';
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
}

/** The caller's history behind a (transformed) call, for compacting it after an overflow. */
interface CallHistory {
  messages: ModelMessage[];
  tools: ToolDefinition[] | undefined;
}

/**
 * Language-model middleware that keeps one conversation inside the model's window: before each call it
 * compacts when the prompt reaches the trigger's threshold (judged from the usage the provider reported
 * for the previous call); when the provider still rejects the prompt as too long (an `APICallError`, or an
 * error at the start of a stream) it compacts within the limit the error states and retries, `maxRetries`
 * times (once by default), then throws `ContextOverflowError`. A failing strategy falls back to masking,
 * then truncation. The caller's messages are never changed; make one middleware per conversation, since
 * it carries the strategy's state from call to call.
 *
 * @example
 * const model = wrapLanguageModel({ model: openai('gpt-4o'), middleware: kiokuMiddleware({ onEvent: console.log }) });
 * const { text } = await generateText({ model, messages, tools, stopWhen: stepCountIs(50) });
 */
export function kiokuMiddleware(options: KiokuMiddlewareOptions = {}): LanguageModelV4Middleware {
  const { maxRetries = 1, detectors = defaultOverflowDetectors(), onEvent } = options;
  checkKiokuOptions('kiokuMiddleware', options);
  checkCount({ strategy: 'kiokuMiddleware', option: 'maxRetries', value: maxRetries });
  let compactor: Compactor | undefined;
  const histories = new WeakMap<LanguageModelV4CallOptions, CallHistory>();
  const compactorOf = (model: LanguageModelV4): Compactor => {
    compactor ??= compactorForModel('kiokuMiddleware', options, {
      model,
      modelId: model.modelId,
      provider: model.provider,
    });
    return compactor;
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
        const prepared = await compactorOf(model).recover({
          ...history,
          reservedOutputTokens: options.reservedOutputTokens ?? params.maxOutputTokens,
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
  const recordUsage = (tokens: number | undefined) => compactor?.recordUsage(tokens);

  return {
    specificationVersion: 'v4',
    async transformParams({ params, model }) {
      const messages = fromLanguageModelPrompt(params.prompt);
      const tools = toolDefinitions(params.tools);
      const prepared = await compactorOf(model).prepare({
        messages,
        tools,
        reservedOutputTokens: options.reservedOutputTokens ?? params.maxOutputTokens,
      });
      const unchanged =
        prepared.messages.length === messages.length &&
        prepared.messages.every((message, index) => message === messages[index]);
      const next = unchanged
        ? params
        : { ...params, prompt: await toLanguageModelPrompt(prepared.messages, { provider: model.provider }) };
      histories.set(next, { messages, tools });
      return next;
    },
    async wrapGenerate({ doGenerate, params, model }) {
      const result = await doGenerate().then(undefined, (error: unknown) =>
        retry(error, params, model, (retried) => model.doGenerate(retried)),
      );
      recordUsage(result.usage.inputTokens.total);
      return result;
    },
    async wrapStream({ doStream, params, model }) {
      const start = async (call: () => PromiseLike<LanguageModelV4StreamResult>) => {
        const result = await call();
        const stream = await peekStream(result.stream, isOverflow(model));
        return { ...result, stream: watchUsage(stream, recordUsage) };
      };
      return start(doStream).catch((error: unknown) =>
        retry(error, params, model, (retried) => start(() => model.doStream(retried))),
      );
    },
  };
}
