import type { ModelMessage } from 'ai';
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
}

/**
 * Makes a strategy that edits old content in batches (observation masking, input clearing) mark its own
 * Anthropic cache breakpoints (`providerOptions.anthropic.cacheControl`), where they pay off: the
 * **frontier**, the last message the strategy changed, ends a prefix that stays the same until its next
 * batch; it carries a breakpoint at every call. When a batch moves the frontier, that call marks the old
 * frontier (it reads everything up to it from the cache instead of writing the whole prompt again) and
 * the new one (the next batch reads it); the remaining breakpoints go on the latest user and tool
 * messages, as agents place them, so calls between batches read all of the previous prompt. Before the
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
    initialState: () => ({ inner: strategy.initialState(), frontier: -1 }),
    async apply({ state, ...input }) {
      const result = await strategy.apply({ ...input, state: state.inner });
      const frontier = lastChanged(input.messages, result.messages);
      const moved = frontier !== state.frontier && frontier >= 0;
      const anchors = !moved
        ? [frontier]
        : state.frontier >= 0 && state.frontier < frontier
          ? [state.frontier, frontier]
          : [frontier];
      const messages = placeCacheBreakpoints(result.messages, {
        anchors,
        // Before the first edit nothing anchors a long prefix; the system prompt does, as agents mark it.
        system: frontier < 0 || (moved && state.frontier < 0),
        recent,
        ttl,
        memo,
      });
      const unchanged = frontier === state.frontier && result.state === state.inner;
      return {
        messages,
        edits: result.edits,
        state: unchanged ? state : { inner: result.state, frontier },
      };
    },
  };
}

/** The last index where `output` holds another message than `input`; -1 when none or lengths differ. */
function lastChanged(input: readonly ModelMessage[], output: readonly ModelMessage[]): number {
  if (input.length !== output.length) return -1;
  for (let index = output.length - 1; index >= 0; index -= 1) {
    if (output[index] !== input[index]) return index;
  }
  return -1;
}
