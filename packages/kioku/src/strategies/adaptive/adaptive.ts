import type { ModelMessage } from 'ai';
import { StrategyOptionsError } from '../../errors/strategy-options-error.js';
import { contextEditing as contextEditingStrategy } from '../context-editing/context-editing.js';
import { checkFraction } from '../internal/check-option.js';
import { usableTokens } from '../internal/usable-tokens.js';
import { observationMasking } from '../observation-masking/observation-masking.js';
import type { Strategy, StrategyEdit } from '../strategy.js';
import { truncation as truncationStrategy } from '../truncation/truncation.js';

/** Context pressure (prompt tokens / usable window) at which each stage starts. */
export interface AdaptiveThresholds {
  /** Observation masking starts here; default 0.5. */
  mask?: number;
  /** Summarization (context editing without a summarizer) starts here; default 0.8. */
  summarize?: number;
  /** Truncation starts here; default 0.95. */
  truncate?: number;
}

/** Options of {@link adaptive}. */
export interface AdaptiveOptions {
  thresholds?: AdaptiveThresholds;
  /** The first stage; default `observationMasking()`. */
  masking?: Strategy;
  /** The second stage when given (a summarization strategy, which calls a model). */
  summarizer?: Strategy;
  /** The second stage without a summarizer; default `contextEditing({ trigger: { fraction: summarize } })`. */
  contextEditing?: Strategy;
  /** The last stage; default `truncation({ fraction: truncate, target: 0.5 })`: cut to half the limit at once. */
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
 * from `truncate` (95%) it also truncates, aggressively. Each stage starts when the history as the
 * stages before it leave it reaches its threshold, and keeps running at every later call (what it
 * masked, cleared or dropped stays so; its own options decide when it edits more). The stages are
 * composed only through the `Strategy` interface: any strategy can fill any stage.
 *
 * @example
 * const manager = adaptive({ thresholds: { mask: 0.4 }, summarizer: mySummarizer });
 * const { messages, state } = await manager.apply({ messages: history, counter, budget, state: manager.initialState() });
 */
export function adaptive({
  thresholds: { mask = 0.5, summarize = 0.8, truncate = 0.95 } = {},
  masking = observationMasking(),
  summarizer,
  contextEditing,
  truncation,
}: AdaptiveOptions = {}): Strategy<AdaptiveState> {
  const levels = [mask, summarize, truncate];
  for (const [index, option] of ['mask', 'summarize', 'truncate'].entries()) {
    checkFraction({ strategy: 'adaptive', option: `thresholds.${option}`, value: levels[index] ?? 0 });
  }
  if (!(mask <= summarize && summarize <= truncate)) {
    throw new StrategyOptionsError({
      strategy: 'adaptive',
      option: 'thresholds',
      value: { mask, summarize, truncate },
      expected: 'mask <= summarize <= truncate',
    });
  }
  // Built after the thresholds are checked, so a bad threshold is reported as one.
  const stages: Strategy[] = [
    masking,
    summarizer ?? contextEditing ?? contextEditingStrategy({ trigger: { fraction: summarize } }),
    truncation ?? truncationStrategy({ fraction: truncate, target: 0.5 }),
  ];

  return {
    name: 'adaptive',
    lossy: true,
    needsModel: stages.some((stage) => stage.needsModel),
    initialState: () => ({ level: 0, stages: stages.map((stage) => stage.initialState()) }),
    async apply({ messages, tools, counter, budget, state, abortSignal }) {
      const window = usableTokens(budget);
      const pressure = (history: readonly ModelMessage[]) =>
        counter.countPrompt(tools === undefined ? { messages: history } : { messages: history, tools }) /
        Math.max(1, window);
      let level = state.level;
      let current: readonly ModelMessage[] = messages;
      const edits: StrategyEdit[] = [];
      const stageStates = [...state.stages];
      for (const [index, stage] of stages.entries()) {
        if (index >= level) {
          if (pressure(current) < (levels[index] ?? 1)) break;
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
