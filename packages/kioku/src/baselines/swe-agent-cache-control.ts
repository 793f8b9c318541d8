import { type CacheMarkerMemo, placeCacheBreakpoints } from '../pricing/place-cache-breakpoints.js';
import type { Strategy } from '../strategies/strategy.js';

/** Options of {@link sweAgentCacheControl}. */
export interface SweAgentCacheControlOptions {
  /** `last_n_messages`: user and tool messages marked, counted from the newest; default 2. */
  lastNMessages?: number;
}

/**
 * SWE-agent's default since 1.1.0 (`config/default.yaml`): no observation is masked, and the
 * `cache_control` history processor (`CacheControlHistoryProcessor`, `last_n_messages: 2`,
 * `tagged_roles: [user, tool]`) puts Anthropic cache breakpoints on the last 2 user or tool messages and
 * removes every other one (the system prompt is not marked). The history is sent whole; the breakpoints
 * are its own (`placesCacheBreakpoints`), billed as they are under a replay's `own` breakpoint policy.
 *
 * @example
 * const strategy = sweAgentCacheControl(); // name 'swe-agent-1.1-default'
 */
export function sweAgentCacheControl({
  lastNMessages = 2,
}: SweAgentCacheControlOptions = {}): Strategy<null> {
  // The same copy for a message marked (or unmarked) the same way at every call: counters cache by object.
  const memo: CacheMarkerMemo = { marked: new WeakMap(), unmarked: new WeakMap() };
  return {
    name: lastNMessages === 2 ? 'swe-agent-1.1-default' : `swe-agent-1.1-cache-last-${lastNMessages}`,
    lossy: false,
    needsModel: false,
    placesCacheBreakpoints: true,
    initialState: () => null,
    async apply({ messages, state }) {
      return {
        messages: placeCacheBreakpoints(messages, { system: false, recent: lastNMessages, memo }),
        edits: [],
        state,
      };
    },
  };
}
