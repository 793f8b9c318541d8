import type { ModelMessage, ToolCallPart } from 'ai';
import { batchCutoff } from '../internal/batch-cutoff.js';
import { checkCount } from '../internal/check-option.js';
import { formatCount } from '../internal/format-count.js';
import { inputText, outweighs, partTokens } from '../internal/part-tokens.js';
import { partTrack } from '../internal/part-track.js';
import { markPlaceholder } from '../internal/placeholder-mark.js';
import type { RewriteMemo } from '../internal/replace-tool-parts.js';
import { shrinkInput } from '../internal/shrink-input.js';
import { type ToolFilterOptions, toolFilter } from '../internal/tool-filter.js';
import type { Stepped } from '../internal/tool-parts.js';
import type { Strategy } from '../strategy.js';

/** Options of {@link toolInputClearing}. */
export interface ToolInputClearingOptions extends ToolFilterOptions {
  /**
   * Steps whose tool calls' inputs stay verbatim, counted from the newest (a step: an assistant message's
   * calls, however many); the newest step's always do. Default 10.
   */
  keep?: number;
  /** Inputs smaller than this many tokens are kept whole; default 256 (about 1,000 characters). */
  minTokens?: number;
  /** Characters kept from the first line of each long value; default 120. */
  headCharacters?: number;
  /** Cache-aware batching, as in `observationMasking`: the window's edge moves K steps at a time. Default 1. */
  batchSize?: number;
  /** The text standing for what was cut; default `[… 3,412 characters of input cleared]`. */
  note?: (clearedCharacters: number) => string;
}

/** What input clearing remembers between calls. */
export interface ToolInputClearingState {
  /** Tool call ids whose inputs this strategy cleared; they stay cleared at every later call. */
  readonly cleared: readonly string[];
}

const name = 'tool-input-clearing';

/** The default note: `[… 3,412 characters of input cleared]`. */
export const describeClearedInput = (clearedCharacters: number): string =>
  `[… ${formatCount(clearedCharacters)} characters of input cleared]`;

/**
 * Clears big tool-call arguments beyond the window of the last `keep` steps: a file written through a
 * heredoc, a long SQL query. What stays still says what the action was: the input keeps its top-level
 * keys, each long value keeps the head of its first line and says how much was cut, e.g.
 * `{ "command": "cat > app.py << 'EOF' [… 3,412 characters of input cleared]" }`. The call keeps its id
 * and name and is marked `providerOptions.kioku.placeholder`; its result is untouched. Pinned messages and
 * tools filtered out by `include`/`exclude` are kept.
 *
 * @example
 * const clearing = toolInputClearing({ keep: 10, minTokens: 256 });
 * const { messages } = await clearing.apply({ messages: history, counter, budget, state: clearing.initialState() });
 */
export function toolInputClearing({
  keep = 10,
  minTokens = 256,
  headCharacters = 120,
  batchSize = 1,
  include,
  exclude = [],
  note = describeClearedInput,
}: ToolInputClearingOptions = {}): Strategy<ToolInputClearingState> {
  checkCount({ strategy: 'toolInputClearing', option: 'keep', value: keep });
  checkCount({ strategy: 'toolInputClearing', option: 'minTokens', value: minTokens });
  checkCount({ strategy: 'toolInputClearing', option: 'headCharacters', value: headCharacters });
  checkCount({ strategy: 'toolInputClearing', option: 'batchSize', value: batchSize, min: 1 });
  const allowed = toolFilter({ include, exclude });
  const memo: RewriteMemo = new WeakMap();
  const shrunkCalls = new WeakMap<ToolCallPart, ToolCallPart | null>();
  /** The call with its input shrunk, or `null` when nothing in it gets shorter. */
  const shrink = (part: ToolCallPart): ToolCallPart | null => {
    let shrunk = shrunkCalls.get(part);
    if (shrunk === undefined) {
      const input = shrinkInput(part.input, { headCharacters, note });
      shrunk = input === undefined ? null : markPlaceholder({ ...part, input });
      shrunkCalls.set(part, shrunk);
    }
    return shrunk;
  };
  const track = partTrack<ToolCallPart>({
    parts: 'calls',
    strategy: name,
    kind: () => 'clear-tool-input',
    carried: (part) => shrink(part) !== null,
  });

  return {
    name,
    lossy: true,
    needsModel: false,
    initialState: () => ({ cleared: [] }),
    async apply({ messages, counter, state }) {
      const worthClearing = (message: ModelMessage, part: ToolCallPart): boolean => {
        if (partTokens(counter, message, part) < minTokens) return false;
        const shrunk = shrink(part);
        return shrunk !== null && outweighs(counter, message, part, counter.countText(inputText(shrunk)));
      };
      const run = track({ messages, counter, state, ids: state.cleared, memo });
      const cutoff = batchCutoff({ count: run.steps, keep, batchSize });
      for (const position of run.candidates(cutoff, 0)) {
        const { index, part, step } = run.parts[position] as Stepped<ToolCallPart>;
        const decision =
          step >= cutoff
            ? 'window'
            : !allowed(part.toolName) || !worthClearing(messages[index] as ModelMessage, part)
              ? 'keep'
              : 'edit';
        run.decide(position, decision);
      }
      const { messages: output, edits, newIds } = run.finish({ replace: (part) => shrink(part) ?? part });
      return {
        messages: output,
        edits,
        state: newIds.length === 0 ? state : { cleared: [...state.cleared, ...newIds] },
      };
    },
  };
}
