import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4FunctionTool,
  LanguageModelV4Middleware,
} from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
import { defaultOverflowDetectors } from '../overflow/default-overflow-detectors.js';
import type { OverflowDetector } from '../overflow/overflow-detector.js';
import { checkCount } from '../strategies/internal/check-option.js';
import type { ToolDefinition } from '../transcripts/transcript.js';
import { withCallerBreakpoints } from './caller-breakpoints.js';
import { type ConversationCache, conversationCache } from './conversation-cache.js';
import type { ConversationSessions } from './conversation-sessions.js';
import type { Compactor } from './create-compactor.js';
import { checkKiokuOptions, compactorForModel, type KiokuOptions } from './kioku-options.js';
import { promptConverter, toolDefinitions } from './language-model-prompt.js';
import { type CallHistory, overflowRetryHooks } from './overflow-retry-hooks.js';
import { sessionIdOf } from './session-id-of.js';
import { tracePrompt } from './trace-prompt.js';

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
  /**
   * Send the caller's own Anthropic cache breakpoints (`providerOptions.anthropic.cacheControl` on the
   * messages of the call) instead of kioku's: default false, kioku's default strategy places its own
   * (`cacheBreakpoints`) and removes the caller's. With true, a message kioku kept carries the marker the
   * caller gave it at this call, and messages kioku wrote (summaries) or rewrote carry none.
   */
  keepCacheBreakpoints?: boolean;
  /**
   * OpenTelemetry spans (`kioku.prepare <modelId>`, `kioku.recover <modelId>`, in the active context)
   * when `@opentelemetry/api` is installed and a tracer provider registered; default true.
   */
  telemetry?: boolean;
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
  const conversations = options.conversations ?? conversationCache(onEvent === undefined ? {} : { onEvent });
  const histories = new WeakMap<LanguageModelV4CallOptions, CallHistory>();
  /** Per conversation, its prompts' conversion: a message sent at the same place as before is not converted again. */
  const converters = new WeakMap<Compactor, ReturnType<typeof promptConverter>>();
  /**
   * Per conversation, the tool definitions of its last call: the same again (the AI SDK sends the same
   * tools at every step, in new objects) is the same array, so what was counted of them is not counted again.
   */
  const lastTools = new WeakMap<
    Compactor,
    { given: readonly unknown[]; made: ToolDefinition[] | undefined }
  >();
  const toolsOf = (compactor: Compactor, given: readonly unknown[] | undefined) => {
    if (given === undefined) return undefined;
    const last = lastTools.get(compactor);
    if (last !== undefined && sameTools(last.given, given)) return last.made;
    const made = toolDefinitions(given);
    lastTools.set(compactor, { given, made });
    return made;
  };
  const converterOf = (compactor: Compactor) => {
    let converter = converters.get(compactor);
    if (converter === undefined) {
      converter = promptConverter();
      converters.set(compactor, converter);
    }
    return converter;
  };
  const create = (model: LanguageModelV4, id: string) => () =>
    compactorForModel('kiokuMiddleware', options, {
      model,
      modelId: model.modelId,
      provider: model.provider,
      conversationId: id,
      ...(options.sessions === undefined
        ? {}
        : { session: { sessions: options.sessions, conversationId: id } }),
    });
  /**
   * The conversation's compactor. A derived id may be shared by conversations that start alike (a chat
   * app where everyone says "hi"): each is kept apart by its history, in branches `derived:…#1`, `#2`…
   */
  const compactorOf = (model: LanguageModelV4, id: string, messages: readonly ModelMessage[]): Compactor => {
    if (!id.startsWith('derived:')) return conversations.get(id, create(model, id));
    for (let branch = 0; branch < maxBranches; branch += 1) {
      const key = branch === 0 ? id : `${id}#${branch}`;
      const known = conversations.peek(key);
      if (known === undefined || known.continues(messages)) {
        if (known === undefined && branch > 0) {
          onEvent?.({
            type: 'conversation-diverged',
            conversationId: id,
            derived: true,
            resolution: 'forked',
            storedMessages: conversations.peek(id)?.history().length ?? 0,
            incomingMessages: messages.length,
          });
        }
        return conversations.get(key, create(model, key));
      }
    }
    return conversations.get(id, create(model, id));
  };

  return {
    specificationVersion: 'v4',
    async transformParams({ params, model }) {
      // The provider prompt's messages are `ModelMessage`s; the compactor knows which it was given.
      const messages = params.prompt as ModelMessage[];
      // Derived from the system messages and the first user message: read once per call.
      const id = sessionIdOf(params);
      const compactor = compactorOf(model, id, messages);
      const tools = toolsOf(compactor, params.tools);
      const prepared = await tracePrompt(
        {
          operation: 'prepare',
          modelId: model.modelId,
          provider: model.provider,
          conversationId: id,
          contextWindow: () => compactor.contextWindow,
          enabled: options.telemetry,
        },
        () =>
          compactor.prepare({
            messages,
            tools,
            reservedOutputTokens: options.reservedOutputTokens ?? params.maxOutputTokens,
            abortSignal: params.abortSignal,
          }),
      );
      const sent = options.keepCacheBreakpoints
        ? withCallerBreakpoints({ prompt: prepared.messages, history: compactor.history(), given: messages })
        : prepared.messages;
      const unchanged =
        sent.length === messages.length && sent.every((message, index) => message === messages[index]);
      const next = unchanged
        ? params
        : {
            ...params,
            prompt: await converterOf(compactor)(sent, {
              provider: model.provider,
              isGiven: (message) => compactor.isGiven(message),
            }),
          };
      histories.set(next, { messages, tools, compactor, isGiven: (message) => compactor.isGiven(message) });
      return next;
    },
    ...overflowRetryHooks({
      maxRetries,
      detectors,
      reservedOutputTokens: options.reservedOutputTokens,
      onEvent,
      telemetry: options.telemetry,
      historyOf: (params) => histories.get(params),
    }),
  };
}

/** The same tool definitions: each tool the same object, or a function tool with the same name, description and schema object. */
function sameTools(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((tool, index) => {
    const other = b[index];
    if (tool === other) return true;
    const x = tool as Partial<LanguageModelV4FunctionTool> | null;
    const y = other as Partial<LanguageModelV4FunctionTool> | null;
    return (
      x?.type === 'function' &&
      y?.type === 'function' &&
      x.name === y.name &&
      x.description === y.description &&
      x.inputSchema === y.inputSchema
    );
  });
}

/** Conversations kept apart under one derived id before the oldest branch is started over. */
const maxBranches = 64;
