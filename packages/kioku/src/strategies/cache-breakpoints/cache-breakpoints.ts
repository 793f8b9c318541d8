import type { ModelMessage } from 'ai';
import { sameMessage } from '../../messages/same-message.js';
import { type CacheMarkerMemo, placeCacheBreakpoints } from '../../pricing/place-cache-breakpoints.js';
import { checkCount } from '../internal/check-option.js';
import type { Strategy } from '../strategy.js';

/** Options of {@link cacheBreakpoints}. */
export interface CacheBreakpointsOptions {
  /** Breakpoints on the latest user and tool messages when the frontier does not move; default 3. */
  recent?: number;
  /** Lifetime of the marked entries: Anthropic's default 5 minutes, or `'1h'`. */
  ttl?: '5m' | '1h';
}

/** What {@link cacheBreakpoints} remembers between calls. */
export interface CacheBreakpointsState<State> {
  /** The wrapped strategy's state. */
  readonly inner: State;
  /** Index of the last message the wrapped strategy changed at the previous call (-1: none). */
  readonly frontier: number;
  /** What the wrapped strategy returned at the previous call (before the breakpoints were placed). */
  readonly sent: readonly ModelMessage[];
  /**
   * Indexes of the messages marked at earlier calls whose prefix has not changed since (ascending): the
   * provider may still hold their cache entries.
   */
  readonly marks: readonly number[];
}

/**
 * Makes a strategy that edits old content in batches (observation masking, input clearing) mark its own
 * Anthropic cache breakpoints (`providerOptions.anthropic.cacheControl`), where they pay off: the
 * **frontier**, the last message the strategy changed, ends a prefix that stays the same until its next
 * batch; it carries a breakpoint at every call. When a batch moves the frontier, that call marks the old
 * frontier (it reads everything up to it from the cache instead of writing the whole prompt again) and
 * the new one (the next batch reads it); the remaining breakpoints go on the latest user and tool
 * messages, as agents place them, so calls between batches read all of the previous prompt. A call that
 * rewrites messages sent before (a batch) also marks the latest message before the first rewritten one
 * that an earlier call marked, and the one before it, with the prefix unchanged since: if that entry is
 * still alive (Anthropic keeps one 5 minutes after it was written or last read) the call reads the
 * prefix up to there instead of writing it again, and if not, the extra breakpoints cost nothing (a call
 * writes from what it reads to its last breakpoint, wherever the others sit). Before the
 * first edit it marks the system prompt and the latest `recent` messages, the agents' rule. Never more
 * than 4 breakpoints (Anthropic's limit), any other marker removed. A pinned message (the task) is
 * marked like any other, as agents mark it: its content and its pin stay, and without the marker the
 * first calls of a run would write less to the cache than the agent's own prompts and read less after. The frontier is only tracked for strategies that keep every message in place (same
 * length); for others the agents' rule applies. Declares `placesCacheBreakpoints`, so a replay bills its
 * prompts as marked. Providers other than Anthropic ignore the markers.
 *
 * @example
 * const strategy = cacheBreakpoints(observationMasking({ keep: 2, batchSize: 4 }));
 * const { messages } = await strategy.apply({ messages: history, counter, budget, state: strategy.initialState() });
 */
export function cacheBreakpoints<State>(
  strategy: Strategy<State>,
  { recent = 3, ttl = '5m' }: CacheBreakpointsOptions = {},
): Strategy<CacheBreakpointsState<State>> {
  checkCount({ strategy: 'cacheBreakpoints', option: 'recent', value: recent });
  const memo: CacheMarkerMemo = { marked: new WeakMap(), unmarked: new WeakMap() };
  return {
    name: `cache-breakpoints(${strategy.name})`,
    lossy: strategy.lossy,
    needsModel: strategy.needsModel,
    placesCacheBreakpoints: true,
    initialState: () => ({ inner: strategy.initialState(), frontier: -1, sent: [], marks: [] }),
    async apply({ state, ...input }) {
      const result = await strategy.apply({ ...input, state: state.inner });
      const frontier = lastChanged(input.messages, result.messages);
      const moved = frontier !== state.frontier && frontier >= 0;
      // Earlier breakpoints whose prefix this call sends unchanged: a rewrite anchors the latest of them
      // (the old frontier among them) and keeps a breakpoint for the latest message, which the next call reads.
      const kept = firstChanged(state.sent, result.messages);
      const alive = state.marks.filter((index) => index < kept);
      const rewrite = kept < state.sent.length;
      const previous = moved && state.frontier >= 0 && state.frontier < frontier ? [state.frontier] : [];
      const earlier = rewrite
        ? [...new Set([...alive, ...previous])].sort((a, b) => b - a).slice(0, 2)
        : previous;
      const messages = placeCacheBreakpoints(result.messages, {
        anchors: [frontier, ...earlier],
        // Before the first edit nothing anchors a long prefix; the system prompt does, as agents mark it.
        system: frontier < 0 || (moved && state.frontier < 0 && earlier.length === 0),
        recent,
        ttl,
        memo,
      });
      const marks = [...new Set([...alive, ...markedIndexes(messages)])].sort((a, b) => a - b);
      return {
        messages,
        edits: result.edits,
        state: { inner: result.state, frontier, sent: result.messages, marks },
      };
    },
  };
}

/** The first index where `messages` holds another message than `previous` (the length of the shorter when none). */
function firstChanged(previous: readonly ModelMessage[], messages: readonly ModelMessage[]): number {
  const length = Math.min(previous.length, messages.length);
  for (let index = 0; index < length; index += 1) {
    const before = previous[index];
    const now = messages[index];
    if (before === undefined || now === undefined || !sameMessage(before, now)) return index;
  }
  return length;
}

/** Indexes of the messages carrying a cache breakpoint. */
function markedIndexes(messages: readonly ModelMessage[]): number[] {
  return messages.flatMap((message, index) =>
    message.providerOptions?.anthropic?.cacheControl === undefined ? [] : [index],
  );
}

/** The last index where `output` holds another message than `input`; -1 when none or lengths differ. */
function lastChanged(input: readonly ModelMessage[], output: readonly ModelMessage[]): number {
  if (input.length !== output.length) return -1;
  for (let index = output.length - 1; index >= 0; index -= 1) {
    if (output[index] !== input[index]) return index;
  }
  return -1;
}
