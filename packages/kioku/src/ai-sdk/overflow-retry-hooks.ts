import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Message,
  LanguageModelV4Middleware,
  LanguageModelV4StreamResult,
} from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
import { detectContextOverflow } from '../overflow/detect-context-overflow.js';
import type { OverflowDetector } from '../overflow/overflow-detector.js';
import type { ToolDefinition } from '../transcripts/transcript.js';
import type { Compactor } from './create-compactor.js';
import type { KiokuEvent } from './kioku-event.js';
import { toLanguageModelPrompt } from './language-model-prompt.js';
import { peekStream, watchUsage } from './peek-stream.js';
import { retryAfterOverflow } from './retry-after-overflow.js';
import { tracePrompt } from './trace-prompt.js';

/** The caller's history behind a (transformed) call, for compacting it after an overflow. */
export interface CallHistory {
  /** The history as the caller holds it (what the compactor was given for this call). */
  messages: readonly ModelMessage[];
  tools: ToolDefinition[] | undefined;
  compactor: Compactor;
  /** Provider messages to keep in front of the compacted prompt (instructions the history does not hold). */
  lead?: readonly LanguageModelV4Message[];
  /**
   * Messages of `messages` already in the provider's format (the middleware's, read from a provider prompt),
   * sent as they are; every other message is converted. Default none: `prepareStep`'s history is
   * `ModelMessage`s, whose content may be a string a provider prompt cannot carry.
   */
  isGiven?: ((message: ModelMessage) => boolean) | undefined;
}

/** Options of {@link overflowRetryHooks}. */
export interface OverflowRetryHooksOptions {
  maxRetries: number;
  detectors: readonly OverflowDetector[];
  reservedOutputTokens?: number | undefined;
  onEvent?: ((event: KiokuEvent) => void) | undefined;
  /** Spans for recoveries (`tracePrompt`); default true. */
  telemetry?: boolean | undefined;
  /** The history behind a call kioku prepared; `undefined` for one it did not (its errors pass through). */
  historyOf: (params: LanguageModelV4CallOptions) => CallHistory | undefined;
}

/**
 * The `wrapGenerate` and `wrapStream` hooks of a middleware that, when the provider rejects a call kioku
 * prepared as too long (an `APICallError`, or an error at the start of a stream, before any output),
 * compacts with the call's compactor within the limit the error states and retries, `maxRetries` times;
 * and records the input tokens the provider reports, so the compactor's trigger and its silent-truncation
 * check see them. `kiokuMiddleware` and `kiokuPrepareStep` share them.
 */
export function overflowRetryHooks({
  maxRetries,
  detectors,
  reservedOutputTokens,
  onEvent,
  telemetry,
  historyOf,
}: OverflowRetryHooksOptions): Pick<LanguageModelV4Middleware, 'wrapGenerate' | 'wrapStream'> {
  const retry = <Result>(
    error: unknown,
    params: LanguageModelV4CallOptions,
    model: LanguageModelV4,
    call: (params: LanguageModelV4CallOptions) => PromiseLike<Result>,
  ): Promise<Result> => {
    const history = historyOf(params);
    if (history === undefined) return Promise.reject(error);
    return retryAfterOverflow({
      error,
      maxRetries,
      detect: (failure) => detectContextOverflow(failure, { detectors, providerId: model.provider }),
      recover: async (overflow) => {
        const prepared = await tracePrompt(
          {
            operation: 'recover',
            modelId: model.modelId,
            provider: model.provider,
            conversationId: history.compactor.conversationId ?? '',
            contextWindow: () => history.compactor.contextWindow,
            enabled: telemetry,
          },
          () =>
            history.compactor.recover({
              messages: history.messages,
              tools: history.tools,
              reservedOutputTokens: reservedOutputTokens ?? params.maxOutputTokens,
              abortSignal: params.abortSignal,
              overflow,
            }),
        );
        const prompt = await toLanguageModelPrompt(prepared.messages, {
          provider: model.provider,
          isGiven: history.isGiven,
        });
        return {
          params: { ...params, prompt: [...(history.lead ?? []), ...prompt] },
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
    historyOf(params)?.compactor.recordUsage(tokens);

  return {
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
