import type { ModelMessage } from 'ai';
import { StrategyOptionsError } from '../../errors/strategy-options-error.js';
import type { ProactiveTrigger } from '../../triggers/proactive-trigger.js';
import { contextEditing as contextEditingStrategy } from '../context-editing/context-editing.js';
import { checkFraction } from '../internal/check-option.js';
import { isProactiveTrigger, sizeTrigger } from '../internal/size-trigger.js';
import { observationMasking } from '../observation-masking/observation-masking.js';
import type { Strategy, StrategyEdit } from '../strategy.js';
import { truncation as truncationStrategy } from '../truncation/truncation.js';

/**
 * When a stage starts: a trigger object (`thresholdTrigger()`, `tokenTrigger()`, `toolUsesTrigger()`,
 * any `ProactiveTrigger`), or its literal forms: a plain number, the context pressure (prompt tokens /
 * usable window) from 0 to 1, the same as `{ fraction }` (`thresholdTrigger`; 0: at every call), or
 * `{ inputTokens }` (`tokenTrigger`).
 */
export type AdaptiveThreshold = number | { fraction: number } | { inputTokens: number } | ProactiveTrigger;

/**
 * When each stage starts. Thresholds of the same kind must rise from stage to stage (`mask <= summarize
 * <= truncate`): fractions (plain numbers, `{ fraction }`, `thresholdTrigger`s) with fractions, sizes
 * (`{ inputTokens }`, `tokenTrigger`s) with sizes, `toolUsesTrigger`s with each other; thresholds of
 * different kinds, and triggers stating no figure, are not compared (a stage never starts before the
 * ones before it, whatever its trigger says).
 */
export interface AdaptiveThresholds {
  /** Observation masking starts here; default 0.5. */
  mask?: AdaptiveThreshold;
  /** Summarization (context editing without a summarizer) starts here; default 0.8. */
  summarize?: AdaptiveThreshold;
  /** Truncation starts here; default 0.95. */
  truncate?: AdaptiveThreshold;
}

/** Options of {@link adaptive}. */
export interface AdaptiveOptions {
  thresholds?: AdaptiveThresholds;
  /** The first stage; default `observationMasking()`. */
  masking?: Strategy;
  /** The second stage when given (a summarization strategy, which calls a model). */
  summarizer?: Strategy;
  /**
   * The second stage without a summarizer; default `contextEditing({ trigger: summarize })` (a plain
   * number as `{ fraction }`): it clears once the history reaches the stage's threshold.
   */
  contextEditing?: Strategy;
  /**
   * The last stage; default `truncation({ fraction: truncate, target: 0.5 })` (with `{ inputTokens }`,
   * `maxTokens`): when over the threshold, cut to half of it at once. With a trigger object, it cuts when
   * the trigger fires on what it would keep, down to half the trigger's target.
   */
  truncation?: Strategy;
}

/** What the adaptive manager remembers between calls. */
export interface AdaptiveState {
  /** Stages reached so far (0 to 3); a stage once reached keeps running, so its edits stay. */
  readonly level: number;
  /** The states of the masking, second and truncation stages. */
  readonly stages: readonly unknown[];
}

/**
 * An adaptive manager that escalates with context pressure, the prompt's share of the usable window:
 * below `mask` (50%) it sends the history as it is; from there it masks old tool outputs; from
 * `summarize` (80%) it also summarizes (with a `summarizer`) or clears old tool uses (context editing);
 * from `truncate` (95%) it also truncates, aggressively. Each threshold is a trigger (a fraction is
 * `thresholdTrigger`'s shorthand); a stage starts when its trigger fires on the history as the stages
 * before it leave it, and keeps running at every later call (what it masked, cleared or dropped stays
 * so; its own options decide when it edits more). The stages are composed only through the `Strategy`
 * interface: any strategy can fill any stage.
 *
 * @example
 * const manager = adaptive({ thresholds: { mask: 0.4, truncate: tokenTrigger({ inputTokens: 120_000 }) }, summarizer: mySummarizer });
 * const { messages, state } = await manager.apply({ messages: history, counter, budget, state: manager.initialState() });
 */
export function adaptive({
  thresholds: { mask = 0.5, summarize = 0.8, truncate = 0.95 } = {},
  masking = observationMasking(),
  summarizer,
  contextEditing,
  truncation,
}: AdaptiveOptions = {}): Strategy<AdaptiveState> {
  const thresholds = [mask, summarize, truncate];
  const triggers = thresholds.map((threshold, index) => stageTrigger(threshold, stageNames[index] ?? ''));
  checkOrder(thresholds, triggers);
  // Built after the thresholds are checked, so a bad threshold is reported as one.
  const stages: Strategy[] = [
    masking,
    summarizer ??
      contextEditing ??
      contextEditingStrategy({
        trigger: typeof summarize === 'number' ? { fraction: summarize } : summarize,
      }),
    truncation ?? lastStage(truncate, triggers[2] as ProactiveTrigger),
  ];

  return {
    name: 'adaptive',
    lossy: true,
    needsModel: stages.some((stage) => stage.needsModel),
    initialState: () => ({ level: 0, stages: stages.map((stage) => stage.initialState()) }),
    async apply({ messages, tools, counter, budget, state, abortSignal }) {
      const starts = (index: number, history: readonly ModelMessage[]) =>
        triggers[index]?.shouldCompact({
          promptTokens: counter.countPrompt(
            tools === undefined ? { messages: history } : { messages: history, tools },
          ),
          messages: history,
          budget,
        }) === true;
      let level = state.level;
      let current: readonly ModelMessage[] = messages;
      const edits: StrategyEdit[] = [];
      const stageStates = [...state.stages];
      for (const [index, stage] of stages.entries()) {
        if (index >= level) {
          if (!starts(index, current)) break;
          level = index + 1;
        }
        const result = await stage.apply({
          messages: current,
          ...(tools === undefined ? {} : { tools }),
          counter,
          budget,
          state: stageStates[index],
          ...(abortSignal === undefined ? {} : { abortSignal }),
        });
        current = result.messages;
        edits.push(...result.edits);
        stageStates[index] = result.state;
      }
      const unchanged =
        level === state.level && stageStates.every((stageState, i) => stageState === state.stages[i]);
      return {
        messages: current === messages ? messages.slice() : (current as ModelMessage[]),
        edits,
        state: unchanged ? state : { level, stages: stageStates },
      };
    },
  };
}

const stageNames = ['mask', 'summarize', 'truncate'] as const;

/** The trigger of a stage's threshold, checked and named as the option it came from. */
function stageTrigger(threshold: AdaptiveThreshold, stage: string): ProactiveTrigger {
  const option = `thresholds.${stage}`;
  if (typeof threshold === 'number') {
    checkFraction({ strategy: 'adaptive', option, value: threshold });
    return sizeTrigger('adaptive', { fraction: threshold }, option);
  }
  if (
    typeof threshold === 'object' &&
    threshold !== null &&
    (isProactiveTrigger(threshold) || 'fraction' in threshold || 'inputTokens' in threshold)
  ) {
    return sizeTrigger('adaptive', threshold, option);
  }
  throw new StrategyOptionsError({
    strategy: 'adaptive',
    option,
    value: threshold,
    expected:
      'a fraction from 0 to 1, { fraction }, { inputTokens } or a trigger (thresholdTrigger, tokenTrigger, toolUsesTrigger)',
  });
}

/** The kind and figure a threshold states (a fraction, a size, a tool-use count), or undefined. */
function statedFigure(threshold: AdaptiveThreshold): { kind: string; value: number } | undefined {
  if (typeof threshold === 'number') return { kind: 'fraction', value: threshold };
  for (const kind of ['fraction', 'inputTokens', 'toolUses']) {
    const value = (threshold as unknown as Record<string, unknown>)[kind];
    if (typeof value === 'number') return { kind, value };
  }
  return undefined;
}

/** Throws unless the thresholds of each kind rise from stage to stage. */
function checkOrder(thresholds: readonly AdaptiveThreshold[], triggers: readonly ProactiveTrigger[]): void {
  const figures = thresholds.map(statedFigure);
  const ordered = figures.every((figure, index) =>
    figures
      .slice(index + 1)
      .every((later) => figure === undefined || later?.kind !== figure.kind || figure.value <= later.value),
  );
  if (ordered) return;
  throw new StrategyOptionsError({
    strategy: 'adaptive',
    option: 'thresholds',
    value: Object.fromEntries(
      stageNames.map((stage, index) => {
        const [threshold, figure] = [thresholds[index], figures[index]];
        const shown =
          typeof threshold === 'number'
            ? threshold
            : figure === undefined
              ? triggers[index]?.name
              : { [figure.kind]: figure.value };
        return [stage, shown];
      }),
    ),
    expected: 'mask <= summarize <= truncate (for thresholds of the same kind)',
  });
}

/** The default last stage: truncation over the threshold, down to half of it. */
function lastStage(threshold: AdaptiveThreshold, trigger: ProactiveTrigger): Strategy {
  if (typeof threshold === 'number') return truncationStrategy({ fraction: threshold, target: 0.5 });
  if (!isProactiveTrigger(threshold)) {
    return 'fraction' in threshold
      ? truncationStrategy({ fraction: threshold.fraction, target: 0.5 })
      : truncationStrategy({ maxTokens: threshold.inputTokens, target: 0.5 });
  }
  return truncationStrategy({
    trigger: {
      name: `${trigger.name}, down to half`,
      shouldCompact: (input) => trigger.shouldCompact(input),
      target: (budget) => Math.floor(trigger.target(budget) * 0.5),
    },
  });
}
