import type { LanguageModel } from 'ai';
import { findCachePrices } from '../pricing/find-cache-prices.js';
import { findContextWindow } from '../pricing/find-context-window.js';
import { checkCount } from '../strategies/internal/check-option.js';
import { kiokuDefault } from '../strategies/kioku-default/kioku-default.js';
import type { Strategy } from '../strategies/strategy.js';
import { counterForModel } from '../tokens/counter-for-model.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import type { ProactiveTrigger } from '../triggers/proactive-trigger.js';
import { type Compactor, type CompactorOptions, createCompactor } from './create-compactor.js';
import type { KiokuEvent } from './kioku-event.js';
import { learnContextWindow, learnedContextWindow } from './learned-context-windows.js';

/** What the middleware and the `prepareStep` helper share. */
export interface KiokuOptions {
  /**
   * How to shrink the history, applied before every call (as `kioku analyze` replays it); its `compact`
   * runs when the trigger fires. Default `kiokuDefault({ summarizer })`: masking and clearing on every
   * call, and a summary by `summarizer` (general prompt) when the trigger fires. Pass e.g.
   * `pipeline(kiokuDefault(), summarization({ model, prompt: securityInvestigationPrompt, trigger: { inputTokens: Number.MAX_SAFE_INTEGER } }))`
   * for investigations, or `kiokuDefault()` (no summarizer) to call no model.
   */
  strategy?: Strategy;
  /** The model that writes the default strategy's summaries (`kiokuDefault({ summarizer })`); default the model being called. */
  summarizer?: LanguageModel;
  /**
   * The model's context window; default the model catalog's for the model called (see `registerModel` to
   * add one), else `fallbackContextWindow`.
   */
  contextWindow?: number;
  /**
   * The window assumed for a model the catalog does not know, when `contextWindow` is not given; default
   * 32,768 tokens. kioku warns once per model (and reports `context-window-assumed`); a provider's
   * overflow error still triggers recovery within the limit it states.
   */
  fallbackContextWindow?: number;
  /** Tokens kept free for the answer; default the call's `maxOutputTokens`, else 0. */
  reservedOutputTokens?: number;
  /** Default `counterForModel(model id)`. */
  counter?: TokenCounter;
  /** When to compact before a call; default `thresholdTrigger()` (80% of the usable window); `false`: never proactively. */
  trigger?: ProactiveTrigger | false;
  /** Deterministic strategies that stand in when the strategy fails; default masking, then truncation. */
  fallback?: readonly Strategy[];
  /**
   * When a provider's overflow error states a limit below the window (a catalog or a `contextWindow` that
   * is wrong for the server), work within that limit from then on, in the conversation and in every
   * conversation with the model started later in the process (`context-window-learned`); default true.
   */
  learnContextWindow?: boolean;
  /**
   * Progress and telemetry: `prompt-prepared` (once per prompt), `context-compacted`, `compaction-failed`,
   * `fallback-used`, `overflow-detected`, `retry`, `context-window-learned`, `truncation-suspected`,
   * `conversation-diverged`, `context-window-assumed`, `session-error`.
   */
  onEvent?: (event: KiokuEvent) => void;
}

/** Checks the options that can be checked before the model is known (throws `StrategyOptionsError`). */
export function checkKiokuOptions(factory: string, options: KiokuOptions): void {
  if (options.contextWindow !== undefined) {
    checkCount({ strategy: factory, option: 'contextWindow', value: options.contextWindow, min: 1 });
  }
  if (options.reservedOutputTokens !== undefined) {
    checkCount({ strategy: factory, option: 'reservedOutputTokens', value: options.reservedOutputTokens });
  }
  if (options.fallbackContextWindow !== undefined) {
    checkCount({
      strategy: factory,
      option: 'fallbackContextWindow',
      value: options.fallbackContextWindow,
      min: 1,
    });
  }
}

/** The window assumed for a model the catalog does not know (see `KiokuOptions.fallbackContextWindow`). */
export const defaultFallbackContextWindow = 32_768;

/** Models already warned about, so each is warned about once per process. */
const warnedModels = new Set<string>();

/** The window to work within for `modelId`: given, from the catalog, or assumed with a one-time warning. */
function contextWindowFor(
  factory: string,
  options: KiokuOptions,
  { modelId, provider }: { modelId: string; provider?: string | undefined },
): number {
  const learned =
    options.learnContextWindow === false ? undefined : learnedContextWindow({ modelId, provider });
  if (options.contextWindow !== undefined) return Math.min(options.contextWindow, learned ?? Infinity);
  if (learned !== undefined) return learned;
  const known = findContextWindow(modelId, { provider });
  if (known !== undefined) return known;
  const contextWindow = options.fallbackContextWindow ?? defaultFallbackContextWindow;
  const key = `${provider ?? ''}:${modelId}`;
  if (!warnedModels.has(key)) {
    warnedModels.add(key);
    console.warn(
      `kioku: the model catalog does not know the context window of "${modelId}"; ${factory} works within ${contextWindow} tokens. Pass \`contextWindow\` to ${factory}, or registerModel('${modelId}', { contextWindow }), to set it.`,
    );
  }
  options.onEvent?.({ type: 'context-window-assumed', modelId, contextWindow });
  return contextWindow;
}

/** The compactor for one conversation with `modelId`, filling in what the options leave out. */
export function compactorForModel(
  factory: string,
  options: KiokuOptions,
  {
    model,
    modelId,
    provider,
    session,
    conversationId,
  }: {
    /** The model called, the default summarizer (unwrapped, so its calls do not pass through kioku). */
    model: LanguageModel;
    modelId: string;
    provider?: string | undefined;
    /** Where the conversation is kept, when it is. */
    session?: CompactorOptions['session'];
    /** The conversation's id, named in events. */
    conversationId?: string | undefined;
  },
): Compactor {
  const contextWindow = contextWindowFor(factory, options, { modelId, provider });
  return createCompactor({
    strategy: options.strategy ?? kiokuDefault({ summarizer: options.summarizer ?? model }),
    counter: options.counter ?? counterForModel(modelId),
    contextWindow,
    cachePrices: findCachePrices(modelId, { provider }),
    ...(options.reservedOutputTokens === undefined
      ? {}
      : { reservedOutputTokens: options.reservedOutputTokens }),
    ...(options.trigger === undefined ? {} : { trigger: options.trigger }),
    ...(options.fallback === undefined ? {} : { fallback: options.fallback }),
    onEvent: options.onEvent,
    ...(session === undefined ? {} : { session }),
    conversationId: conversationId ?? session?.conversationId,
    modelId,
    ...(options.learnContextWindow === undefined ? {} : { learnContextWindow: options.learnContextWindow }),
    onContextWindowLearned: (learned) => learnContextWindow({ modelId, provider }, learned),
  });
}
