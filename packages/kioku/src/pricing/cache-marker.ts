import type { ModelMessage } from 'ai';
import { sameDigestAs } from './message-digest.js';
import type { CacheControlMarker } from './prompt-layout.js';

/**
 * `message` with `providerOptions.anthropic.cacheControl` set to `marker`, or removed when `marker` is
 * `undefined`; other provider options are kept. The message itself is returned when it already is so.
 */
export function withCacheMarker(message: ModelMessage, marker: CacheControlMarker | undefined): ModelMessage {
  const current = message.providerOptions?.anthropic?.cacheControl;
  if (marker === undefined && current === undefined) return message;
  if (marker !== undefined && JSON.stringify(current) === JSON.stringify(marker)) return message;
  const { cacheControl: _dropped, ...anthropic } = message.providerOptions?.anthropic ?? {};
  const { anthropic: _old, ...others } = message.providerOptions ?? {};
  const nextAnthropic = marker === undefined ? anthropic : { ...anthropic, cacheControl: marker };
  const providerOptions =
    Object.keys(nextAnthropic).length > 0 ? { ...others, anthropic: nextAnthropic } : others;
  const { providerOptions: _previous, ...rest } = message;
  const copy = (
    Object.keys(providerOptions).length > 0 ? { ...rest, providerOptions } : rest
  ) as ModelMessage;
  // The same content: the prompt layout's digest of it need not be taken again.
  sameDigestAs(copy, message);
  return copy;
}
