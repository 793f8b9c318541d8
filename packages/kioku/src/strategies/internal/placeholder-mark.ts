import type { ModelMessage } from 'ai';

/** Anything that carries provider options: a message, a tool call, a tool result, an output. */
interface WithOptions {
  providerOptions?: ModelMessage['providerOptions'];
}

/**
 * True when a strategy already replaced this part (or output) by a placeholder: its
 * `providerOptions.kioku.placeholder` is `true`. Providers ignore the `kioku` key. Strategies leave such
 * parts alone, so masking a masked history changes nothing and what was masked stays masked.
 */
export function isPlaceholder(part: WithOptions): boolean {
  return part.providerOptions?.kioku?.placeholder === true;
}

/** A copy of `part` marked as a placeholder (see {@link isPlaceholder}), keeping its other options. */
export function markPlaceholder<T extends WithOptions>(part: T): T {
  const options = part.providerOptions;
  return { ...part, providerOptions: { ...options, kioku: { ...options?.kioku, placeholder: true } } };
}
