import { isDeepStrictEqual } from 'node:util';
import type { ModelMessage } from 'ai';
import { withCacheMarker } from '../pricing/cache-marker.js';

/**
 * True when `a` and `b` are the same message for kioku: the same object, equal, or equal once their
 * Anthropic cache breakpoints (`providerOptions.anthropic.cacheControl`) are set aside and as JSON sees
 * them (a key set to `undefined` is no key). Agents move their breakpoints at every call and
 * `cacheBreakpoints` marks the pinned task, so a breakpoint never makes a message another one.
 *
 * @example
 * sameMessage(task, withCacheMarker(task, { type: 'ephemeral' })); // true
 */
export function sameMessage(a: ModelMessage, b: ModelMessage): boolean {
  return a === b || isDeepStrictEqual(a, b) || isDeepStrictEqual(unmarked(a), unmarked(b));
}

/** The message without its cache breakpoint, as JSON sees it. */
function unmarked(message: ModelMessage): unknown {
  return JSON.parse(JSON.stringify(withCacheMarker(message, undefined)));
}
