import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { type LanguageModel, type LanguageModelUsage, type ModelMessage, wrapLanguageModel } from 'ai';
import { defaultOverflowDetectors } from '../overflow/default-overflow-detectors.js';
import type { OverflowDetector } from '../overflow/overflow-detector.js';
import { checkCount } from '../strategies/internal/check-option.js';
import type { ConversationSessions } from './conversation-sessions.js';
import type { Compactor } from './create-compactor.js';
import { checkKiokuOptions, compactorForModel, type KiokuOptions } from './kioku-options.js';
import { toolDefinitions } from './language-model-prompt.js';
import { type CallHistory, overflowRetryHooks } from './overflow-retry-hooks.js';
import { derivedConversationId } from './session-id-of.js';
import { tracePrompt } from './trace-prompt.js';

/** What the helper reads of `prepareStep`'s argument (a subset, so it fits every agent's `prepareStep`). */
export interface PrepareStepInput {
  /** The steps run so far; the last one's usage says how large its prompt was. */
  steps: ReadonlyArray<{ usage: LanguageModelUsage }>;
  model: LanguageModel;
  /** The messages the step would send. */
  messages: ModelMessage[];
}

/** Options of {@link kiokuPrepareStep}. */
export interface KiokuPrepareStepOptions extends KiokuOptions {
  /**
   * Compactions and retries after a provider's overflow error, per step; default 1, 0 turns them off
   * (the step's model is then returned as it was).
   */
  maxRetries?: number;
  /** Default `defaultOverflowDetectors()`. */
  detectors?: readonly OverflowDetector[];
  /**
   * Where the conversation persists (`conversationSessions(createSessionStore(store))` from
   * `kioku/store`); default none. Its messages are appended as steps carry them and each summary is
   * recorded as a view; a conversation resumed in a new process (a new `kiokuPrepareStep` with the same
   * `conversationId`) starts from its latest recorded compaction instead of summarizing again. Failures
   * are reported as `session-error` events; the step goes on.
   */
  sessions?: ConversationSessions;
  /**
   * The conversation's name (stored as `id:<conversationId>`, as the middleware stores
   * `providerOptions.kioku.conversationId`); default derived from the first step's system messages and
   * first user message (`derived:<hash>`).
   */
  conversationId?: string;
  /** OpenTelemetry spans, as `kiokuMiddleware`'s `telemetry`; default true. */
  telemetry?: boolean;
}

/** What {@link kiokuPrepareStep} returns for a step. */
export interface KiokuPrepareStepResult {
  /** The messages to send, when they differ from the step's. */
  messages?: ModelMessage[];
  /** The step's model, wrapped so that an overflow error is recovered from (absent for a model given by id). */
  model?: LanguageModel;
}

/** A `prepareStep` function that compacts the step's messages when needed and recovers from overflows. */
export type KiokuPrepareStep = (input: PrepareStepInput) => Promise<KiokuPrepareStepResult | undefined>;

/**
 * A `prepareStep` for `generateText`, `streamText` and `ToolLoopAgent` that manages the context before
 * each step: it applies the strategy (by default `kiokuDefault()`, as `kioku analyze` replays it) and
 * compacts further when the prompt reaches the trigger's threshold (judged from the previous step's
 * reported input tokens), and returns the messages to send when they differ. It also returns the step's
 * model wrapped so that when the provider rejects the prompt as too long, it compacts within the limit the
 * error states and retries (`maxRetries`, once by default), as `kiokuMiddleware` does, with the same
 * state: the summary made on recovery is what the next step sends. Make one per conversation: it holds
 * the full history and the strategy's state across steps. Do not also wrap the model with
 * `kiokuMiddleware` (each would manage the context again). With `sessions`, compactions persist and a
 * resumed conversation reuses them.
 *
 * @example
 * const agent = new ToolLoopAgent({ model, tools, prepareStep: kiokuPrepareStep({ contextWindow: 128_000 }) });
 * await agent.generate({ prompt: 'Investigate alert 42' });
 */
export function kiokuPrepareStep(options: KiokuPrepareStepOptions = {}): KiokuPrepareStep {
  const { maxRetries = 1, detectors = defaultOverflowDetectors() } = options;
  checkKiokuOptions('kiokuPrepareStep', options);
  checkCount({ strategy: 'kiokuPrepareStep', option: 'maxRetries', value: maxRetries });
  let compactor: Compactor | undefined;
  /** The latest step's history, which a recovery compacts. */
  let step: Omit<CallHistory, 'tools' | 'lead'> | undefined;
  const hooks = overflowRetryHooks({
    maxRetries,
    detectors,
    reservedOutputTokens: options.reservedOutputTokens,
    onEvent: options.onEvent,
    telemetry: options.telemetry,
    historyOf: (params) => (step === undefined ? undefined : historyOfCall(step, params)),
  });
  const wrapped = new WeakMap<LanguageModelV4, LanguageModel>();
  const recovering = (model: LanguageModel): LanguageModel | undefined => {
    if (typeof model === 'string' || maxRetries === 0) return undefined;
    const known = wrapped.get(model as LanguageModelV4);
    if (known !== undefined) return known;
    const made = wrapLanguageModel({
      model: model as LanguageModelV4,
      middleware: { specificationVersion: 'v4', ...hooks },
    });
    wrapped.set(model as LanguageModelV4, made);
    return made;
  };

  return async ({ steps, model, messages }) => {
    const id =
      options.conversationId === undefined || options.conversationId === ''
        ? derivedConversationId(messages)
        : `id:${options.conversationId}`;
    compactor ??= compactorForModel('kiokuPrepareStep', options, {
      model,
      modelId: typeof model === 'string' ? model : model.modelId,
      provider: typeof model === 'string' ? undefined : model.provider,
      conversationId: id,
      ...(options.sessions === undefined
        ? {}
        : { session: { sessions: options.sessions, conversationId: id } }),
    });
    compactor.recordUsage(steps.at(-1)?.usage.inputTokens);
    const known = compactor;
    const prepared = await tracePrompt(
      {
        operation: 'prepare',
        modelId: typeof model === 'string' ? model : model.modelId,
        provider: typeof model === 'string' ? '' : model.provider,
        conversationId: id,
        contextWindow: () => known.contextWindow,
        enabled: options.telemetry,
      },
      () => known.prepare({ messages }),
    );
    step = { messages, compactor };
    const unchanged =
      prepared.messages.length === messages.length &&
      prepared.messages.every((message, index) => message === messages[index]);
    const retrying = recovering(model);
    if (unchanged && retrying === undefined) return undefined;
    return {
      ...(unchanged ? {} : { messages: prepared.messages }),
      ...(retrying === undefined ? {} : { model: retrying }),
    };
  };
}

/**
 * The step's history for a call: the provider's system messages in front of the step's messages (the
 * AI SDK sends `instructions` apart from them) are kept in front of the compacted prompt.
 */
function historyOfCall(
  step: Omit<CallHistory, 'tools' | 'lead'>,
  params: LanguageModelV4CallOptions,
): CallHistory {
  const leading = (messages: readonly { role: string }[]) => {
    const at = messages.findIndex((message) => message.role !== 'system');
    return at === -1 ? messages.length : at;
  };
  const lead = params.prompt.slice(0, Math.max(0, leading(params.prompt) - leading(step.messages)));
  return { ...step, tools: toolDefinitions(params.tools), lead };
}
