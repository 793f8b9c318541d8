import type { ModelMessage } from 'ai';
import { withCacheMarker } from '../pricing/cache-marker.js';
import type { CacheControlMarker } from '../pricing/prompt-layout.js';

/**
 * `prompt` with the caller's Anthropic cache breakpoints (`providerOptions.anthropic.cacheControl`) of
 * this call instead of any other: a message the strategy kept carries the marker the caller's message at
 * its position carries now (and none when that one has none); a message the strategy wrote (a summary) or
 * rewrote and moved carries none. `history` is the history the prompt was made from, by position the
 * caller's `given` messages; a prompt of the same length keeps every position, else messages are matched
 * by identity.
 */
export function withCallerBreakpoints({
  prompt,
  history,
  given,
}: {
  prompt: readonly ModelMessage[];
  history: readonly ModelMessage[];
  given: readonly ModelMessage[];
}): ModelMessage[] {
  const markerAt = (index: number | undefined) =>
    index === undefined
      ? undefined
      : (given[index]?.providerOptions?.anthropic?.cacheControl as CacheControlMarker | undefined);
  if (prompt.length === history.length && history.length === given.length) {
    return prompt.map((message, index) => withCacheMarker(message, markerAt(index)));
  }
  const positions = new Map<ModelMessage, number>(history.map((message, index) => [message, index]));
  return prompt.map((message) => withCacheMarker(message, markerAt(positions.get(message))));
}
