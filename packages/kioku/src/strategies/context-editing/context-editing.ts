import type { ToolCallPart, ToolResultPart } from 'ai';
import { StrategyOptionsError } from '../../errors/strategy-options-error.js';
import type { ProactiveTrigger } from '../../triggers/proactive-trigger.js';
import { toolUsesTrigger } from '../../triggers/tool-uses-trigger.js';
import { checkCount } from '../internal/check-option.js';
import { completedToolUses } from '../internal/completed-tool-uses.js';
import { inputText, outweighs, partTokens } from '../internal/part-tokens.js';
import { pinnedIndexes } from '../internal/pinned-indexes.js';
import { isPlaceholder, markPlaceholder } from '../internal/placeholder-mark.js';
import { type RewriteMemo, replaceToolParts } from '../internal/replace-tool-parts.js';
import { shrinkInput } from '../internal/shrink-input.js';
import { isProactiveTrigger, type SizeTriggerOption, sizeTrigger } from '../internal/size-trigger.js';
import { toolPartEdits } from '../internal/tool-part-edits.js';
import { addTarget } from '../internal/tool-parts.js';
import type { Strategy } from '../strategy.js';

/**
 * When context editing starts clearing: a trigger object (`thresholdTrigger()`, `tokenTrigger()`,
 * `toolUsesTrigger()`, any `ProactiveTrigger`) judging the prompt (messages and tools, as this strategy
 * receives it), or its literal forms — `inputTokens` tokens (`tokenTrigger`), a `fraction` of the usable
 * context window (`thresholdTrigger`), `toolUses` tool uses in the history (`toolUsesTrigger`).
 */
export type ContextEditingTrigger = SizeTriggerOption | { toolUses: number };

/** Options of {@link contextEditing}; the defaults are those Anthropic documents for `clear_tool_uses_20250919`. */
export interface ContextEditingOptions {
  /** Default `{ inputTokens: 100_000 }`. */
  trigger?: ContextEditingTrigger;
  /**
   * Tool uses (call and result) kept whole, counted from the newest; default 3. The uses of the newest step
   * (an assistant message's parallel calls) are kept whatever `keep` says.
   */
  keep?: number;
  /**
   * Fewest tokens an edit must clear; when the tool uses beyond `keep` hold fewer, nothing new is
   * cleared. Default 0. A provider's cached prefix is rewritten at every edit, so a larger value batches
   * clearing (Anthropic's reason for the option).
   */
  clearAtLeast?: number;
  /** Tools whose uses are never cleared; default none. */
  excludeTools?: readonly string[];
  /** Also clear the calls' inputs: `true` for every tool, or the tools whose inputs to clear. Default `false`. */
  clearToolInputs?: boolean | readonly string[];
  /** The text that replaces a cleared result (and each long value of a cleared input); default `[cleared]`, as LangChain's. */
  placeholder?: string;
}

/** What context editing remembers between calls. */
export interface ContextEditingState {
  /** Tool call ids whose results were cleared. */
  readonly clearedResults: readonly string[];
  /** Tool call ids whose inputs were cleared. */
  readonly clearedInputs: readonly string[];
}

const name = 'context-editing';

/**
 * Anthropic's context editing (`clear_tool_uses_20250919`) done client-side, for any provider. Once the
 * trigger is reached, every tool use older than the last `keep` has its result replaced by the
 * placeholder (and, with `clearToolInputs`, its input's long values too, keeping the keys), oldest first,
 * except `excludeTools` and pinned messages — provided that clears at least `clearAtLeast` tokens. The
 * trigger says when; `keep` and `clearAtLeast` say how much, as in Anthropic's API.
 *
 * Defaults model Anthropic's documented ones: trigger 100,000 input tokens, keep 3 tool uses, clear at
 * least nothing, exclude no tools, do not clear inputs. Two differences, both deliberate: what was cleared
 * stays cleared through the state (Anthropic recomputes each request from the full history, which for
 * a growing history clears the same uses), so `clearAtLeast` counts the tokens a new edit clears; and a
 * result no longer than the placeholder is left as it is, since clearing it would save nothing.
 *
 * @example
 * const editing = contextEditing({ trigger: { inputTokens: 100_000 }, keep: 3, clearAtLeast: 20_000 });
 * const { messages, edits } = await editing.apply({ messages: history, counter, budget, state: editing.initialState() });
 */
export function contextEditing({
  trigger = { inputTokens: 100_000 },
  keep = 3,
  clearAtLeast = 0,
  excludeTools = [],
  clearToolInputs = false,
  placeholder = '[cleared]',
}: ContextEditingOptions = {}): Strategy<ContextEditingState> {
  const when = resolveTrigger(trigger);
  checkCount({ strategy: 'contextEditing', option: 'keep', value: keep });
  checkCount({ strategy: 'contextEditing', option: 'clearAtLeast', value: clearAtLeast });
  const excluded = new Set(excludeTools);
  const inputsOf =
    clearToolInputs === true
      ? () => true
      : clearToolInputs === false
        ? () => false
        : (toolName: string) => clearToolInputs.includes(toolName);
  const memo: RewriteMemo = new WeakMap();
  const clearedResults = new WeakMap<ToolResultPart, ToolResultPart>();
  const clearedCalls = new WeakMap<ToolCallPart, ToolCallPart | null>();
  const clearResult = (part: ToolResultPart): ToolResultPart => {
    const cleared = clearedResults.get(part);
    if (cleared === undefined) {
      const made = markPlaceholder<ToolResultPart>({ ...part, output: { type: 'text', value: placeholder } });
      clearedResults.set(part, made);
      return made;
    }
    return cleared;
  };
  const clearCall = (part: ToolCallPart): ToolCallPart | null => {
    let cleared = clearedCalls.get(part);
    if (cleared === undefined) {
      const input = shrinkInput(part.input, { headCharacters: 0, note: () => placeholder });
      cleared = input === undefined ? null : markPlaceholder({ ...part, input });
      clearedCalls.set(part, cleared);
    }
    return cleared;
  };

  return {
    name,
    lossy: true,
    needsModel: false,
    initialState: () => ({ clearedResults: [], clearedInputs: [] }),
    async apply({ messages, tools, counter, budget, state }) {
      const pinned = pinnedIndexes(messages);
      const carriedResults = new Set(state.clearedResults);
      const carriedInputs = new Set(state.clearedInputs);
      const uses = completedToolUses(messages);
      const triggered = when.shouldCompact({
        promptTokens: counter.countPrompt(tools === undefined ? { messages } : { messages, tools }),
        messages,
        budget,
      });

      const placeholderTokens = counter.countText(placeholder);
      const targets = new Map<number, string[]>();
      const newResults: string[] = [];
      const newInputs: string[] = [];
      let gain = 0;
      // The newest step's uses are never cleared: their results are what the model asked for last.
      const newest = uses.at(-1)?.callIndex;
      uses.forEach(({ toolCallId, toolName, callIndex, call, resultIndex = -1, result }, position) => {
        const old =
          triggered && position < uses.length - keep && callIndex !== newest && !excluded.has(toolName);
        const resultMessage = messages[resultIndex];
        if (
          resultMessage !== undefined &&
          result !== undefined &&
          !pinned.has(resultIndex) &&
          !isPlaceholder(result)
        ) {
          if (carriedResults.has(toolCallId)) {
            addTarget(targets, resultIndex, toolCallId);
          } else if (old && outweighs(counter, resultMessage, result, placeholderTokens)) {
            gain += Math.max(1, partTokens(counter, resultMessage, result) - placeholderTokens);
            newResults.push(toolCallId);
            addTarget(targets, resultIndex, toolCallId);
          }
        }
        const callMessage = messages[callIndex];
        if (callMessage === undefined || pinned.has(callIndex) || isPlaceholder(call)) return;
        const cleared = carriedInputs.has(toolCallId) || (old && inputsOf(toolName)) ? clearCall(call) : null;
        if (cleared === null) return;
        if (carriedInputs.has(toolCallId)) {
          addTarget(targets, callIndex, toolCallId);
          return;
        }
        const clearedTokens = counter.countText(inputText(cleared));
        if (outweighs(counter, callMessage, call, clearedTokens)) {
          gain += Math.max(1, partTokens(counter, callMessage, call) - clearedTokens);
          newInputs.push(toolCallId);
          addTarget(targets, callIndex, toolCallId);
        }
      });
      const edit = gain > 0 && gain >= clearAtLeast;
      if (!edit) {
        const fresh = new Set([...newResults, ...newInputs]);
        for (const [index, ids] of targets) {
          const carried = ids.filter((id) => !fresh.has(id));
          if (carried.length === 0) targets.delete(index);
          else targets.set(index, carried);
        }
      }

      const output = replaceToolParts({
        messages,
        targets,
        replaceResult: clearResult,
        replaceCall: (part) => clearCall(part) ?? part,
        memo,
      });
      return {
        messages: output,
        edits: toolPartEdits({
          strategy: name,
          kind: (role) => (role === 'tool' ? 'clear-tool-result' : 'clear-tool-input'),
          messages,
          output,
          targets,
          counter,
        }),
        state: edit
          ? {
              clearedResults: [...state.clearedResults, ...newResults],
              clearedInputs: [...state.clearedInputs, ...newInputs],
            }
          : state,
      };
    },
  };
}

/** The trigger object behind the `trigger` option, checked. */
function resolveTrigger(trigger: ContextEditingTrigger): ProactiveTrigger {
  if (isProactiveTrigger(trigger) || 'fraction' in trigger || 'inputTokens' in trigger) {
    return sizeTrigger('contextEditing', trigger);
  }
  if ('toolUses' in trigger) {
    checkCount({ strategy: 'contextEditing', option: 'trigger.toolUses', value: trigger.toolUses });
    return toolUsesTrigger({ toolUses: trigger.toolUses });
  }
  throw new StrategyOptionsError({
    strategy: 'contextEditing',
    option: 'trigger',
    value: trigger,
    expected:
      '{ inputTokens }, { toolUses }, { fraction } or a trigger (thresholdTrigger, tokenTrigger, toolUsesTrigger)',
  });
}
