import type { ModelMessage } from 'ai';
import { withCacheMarker } from './cache-marker.js';
import type { CacheControlMarker } from './prompt-layout.js';

/** Options of {@link placeCacheBreakpoints}. */
export interface PlaceCacheBreakpointsOptions {
  /**
   * Indexes marked before any other breakpoint, e.g. the end of a prefix a context strategy keeps stable
   * (see `cacheBreakpoints`); default none.
   */
  anchors?: readonly number[];
  /** Put a breakpoint on the (last leading) system message. */
  system?: boolean;
  /** How many of the latest messages with a role in `roles` get a breakpoint. */
  recent?: number;
  roles?: readonly ModelMessage['role'][];
  /** Indexes never marked (e.g. pinned messages a strategy must pass on untouched); default none. */
  skip?: ReadonlySet<number>;
  /**
   * Most breakpoints placed, anchors first, then the system prompt, then the latest messages: Anthropic
   * refuses a request with more than 4. Default 4.
   */
  maxBreakpoints?: number;
  /** Lifetime of the marked entries: Anthropic's default 5 minutes, or `'1h'`. */
  ttl?: '5m' | '1h';
  /**
   * Copies made at earlier calls with the same `ttl`, reused so that a message marked (or unmarked) the
   * same way is the same object at every call (token counters cache counts per object). Default none.
   */
  memo?: CacheMarkerMemo;
}

/** Marked and unmarked copies of messages, by the message they were made from. */
export interface CacheMarkerMemo {
  marked: WeakMap<ModelMessage, ModelMessage>;
  unmarked: WeakMap<ModelMessage, ModelMessage>;
}

/**
 * Places Anthropic cache breakpoints (`providerOptions.anthropic.cacheControl`) the way most agents do:
 * on the system prompt and on the latest `recent` user and tool messages, removing any other marker. This
 * is the rule of Anthropic's computer-use quickstart, which OpenHands CodeAct follows (system + last 3
 * user/tool messages), so a recorded run's earlier prompts can be re-marked as the agent sent them.
 * `anchors` come first and never more than `maxBreakpoints` (4) are placed. Messages that need no change
 * are returned as they are.
 *
 * @example
 * const marked = placeCacheBreakpoints(transcript.messages.slice(0, call.messageCount));
 */
export function placeCacheBreakpoints(
  messages: readonly ModelMessage[],
  {
    anchors = [],
    system = true,
    recent = 3,
    roles = ['user', 'tool'],
    skip,
    maxBreakpoints = 4,
    ttl = '5m',
    memo,
  }: PlaceCacheBreakpointsOptions = {},
): ModelMessage[] {
  const marked = new Set<number>();
  const add = (index: number): void => {
    if (marked.size < maxBreakpoints && index >= 0 && index < messages.length && !skip?.has(index))
      marked.add(index);
  };
  for (const anchor of anchors) add(anchor);
  if (system) {
    let lastSystem = -1;
    while (messages[lastSystem + 1]?.role === 'system') lastSystem += 1;
    add(lastSystem);
  }
  for (let index = messages.length - 1, left = recent; index >= 0 && left > 0; index -= 1) {
    const role = messages[index]?.role;
    if (role === undefined || !roles.includes(role) || marked.has(index) || skip?.has(index)) continue;
    if (marked.size >= maxBreakpoints) break;
    marked.add(index);
    left -= 1;
  }
  const marker: CacheControlMarker = ttl === '1h' ? { type: 'ephemeral', ttl } : { type: 'ephemeral' };
  return messages.map((message, index) => {
    const on = marked.has(index);
    // A message with no marker that gets none is itself: nothing to look up.
    if (!on && message.providerOptions?.anthropic?.cacheControl === undefined) return message;
    const copies = on ? memo?.marked : memo?.unmarked;
    const known = copies?.get(message);
    if (known !== undefined) return known;
    const copy = withCacheMarker(message, on ? marker : undefined);
    if (copy !== message) copies?.set(message, copy);
    return copy;
  });
}
