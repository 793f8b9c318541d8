import type { LanguageModel } from 'ai';
import { checkCount } from '../strategies/check-option.js';
import type { Strategy } from '../strategies/strategy.js';
import { summarization } from '../summarization/summarization.js';
import { counterForModel } from '../tokens/counter-for-model.js';
import type { TokenCounter } from '../tokens/token-counter.js';
import { detectContextOverflow } from '../triggers/detect-context-overflow.js';
import type { ProactiveTrigger } from '../triggers/proactive-trigger.js';
import type { OnDemandStrategy } from './compact-with-fallback.js';
import { type Compactor, createCompactor } from './create-compactor.js';
import type { KiokuEvent } from './kioku-event.js';
import { resolveContextWindow } from './resolve-context-window.js';

/** What the middleware and the `prepareStep` helper share. */
export interface KiokuOptions {
  /**
   * How to shrink the history; default `summarization({ model: summarizer })` with the general prompt
   * (pass `summarization({ model, prompt: securityInvestigationPrompt })` for investigations, or a
   * deterministic strategy such as `observationMasking()` to call no model).
   */
  strategy?: OnDemandStrategy<unknown> | Strategy;
  /** The model that writes summaries for the default strategy; default the model being called. */
  summarizer?: LanguageModel;
  /** The model's context window; default the model catalog's for the model called. */
  contextWindow?: number;
  /** Tokens kept free for the answer; default the call's `maxOutputTokens`, else 0. */
  reservedOutputTokens?: number;
  /** Default `counterForModel(model id)`. */
  counter?: TokenCounter;
  /** When to compact before a call; default `thresholdTrigger()` (80% of the usable window); `false`: never proactively. */
  trigger?: ProactiveTrigger | false;
  /** Deterministic strategies that stand in when the strategy fails; default masking, then truncation. */
  fallback?: readonly Strategy[];
  /** Progress and telemetry: `context-compacted`, `compaction-failed`, `fallback-used`, `overflow-detected`, `retry`. */
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
}

/** The compactor for one conversation with `modelId`, filling in what the options leave out. */
export function compactorForModel(
  factory: string,
  options: KiokuOptions,
  {
    model,
    modelId,
    provider,
  }: {
    /** The model called, the default summarizer (unwrapped, so its calls do not pass through kioku). */
    model: LanguageModel;
    modelId: string;
    provider?: string | undefined;
  },
): Compactor {
  const contextWindow =
    options.contextWindow ??
    resolveContextWindow({ modelId, provider, hint: `pass \`contextWindow\` to ${factory}` });
  return createCompactor({
    strategy:
      options.strategy ??
      summarization({
        model: options.summarizer ?? model,
        isOverflowError: (error) => detectContextOverflow(error) !== undefined,
      }),
    counter: options.counter ?? counterForModel(modelId),
    contextWindow,
    ...(options.reservedOutputTokens === undefined
      ? {}
      : { reservedOutputTokens: options.reservedOutputTokens }),
    ...(options.trigger === undefined ? {} : { trigger: options.trigger }),
    ...(options.fallback === undefined ? {} : { fallback: options.fallback }),
    onEvent: options.onEvent,
  });
}
