import type { ModelMessage } from 'ai';

type ProviderOptions = NonNullable<ModelMessage['providerOptions']>;

/** An Anthropic `cache_control` marker as transcripts record it (`{type: 'ephemeral', ttl?: '1h'}`). */
export interface CacheControl {
  type: string;
  ttl?: string | undefined;
}

/**
 * The `providerOptions` that mark a message as an Anthropic cache breakpoint, or `undefined` when none of
 * `markers` is set. The cost model reads these as the points where the provider caches the prompt prefix.
 */
export function cacheControlOptions(
  ...markers: ReadonlyArray<CacheControl | null | undefined>
): ProviderOptions | undefined {
  const marker = markers.find((m) => m !== undefined && m !== null);
  if (marker === undefined || marker === null) return undefined;
  const cacheControl =
    marker.ttl === undefined ? { type: marker.type } : { type: marker.type, ttl: marker.ttl };
  return { anthropic: { cacheControl } };
}
