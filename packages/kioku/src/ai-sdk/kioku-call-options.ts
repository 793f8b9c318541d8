import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { StrategyOptionsError } from '../errors/strategy-options-error.js';

/**
 * What a call tells kioku through `providerOptions.kioku`. Checked at every call: an unknown key (a typo)
 * or a value of the wrong type throws `StrategyOptionsError` instead of being ignored.
 *
 * @example
 * await generateText({ model, messages, providerOptions: { kioku: { conversationId: 'ticket-42' } satisfies KiokuCallOptions } });
 */
export interface KiokuCallOptions {
  /**
   * The conversation the call belongs to; kioku keeps each conversation's state apart. Default derived
   * from the system prompt and the first user message (two conversations that share both are told apart
   * by their histories, and a `conversation-diverged` event says so).
   */
  conversationId?: string;
  /** Review the run with `memoryMiddleware` when this call finishes it; default false. */
  introspect?: boolean;
}

const keys: Record<keyof KiokuCallOptions, 'string' | 'boolean'> = {
  conversationId: 'string',
  introspect: 'boolean',
};

/** The call's `providerOptions.kioku`, checked (throws `StrategyOptionsError` naming the key). */
export function kiokuCallOptions(
  params: Pick<LanguageModelV4CallOptions, 'providerOptions'>,
  factory = 'kiokuMiddleware',
): KiokuCallOptions {
  const given: unknown = params.providerOptions?.kioku;
  if (given === undefined) return {};
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    throw new StrategyOptionsError({
      strategy: factory,
      option: 'providerOptions.kioku',
      value: given,
      expected: `an object with ${Object.keys(keys).join(', ')}`,
    });
  }
  for (const [key, value] of Object.entries(given)) {
    const type = keys[key as keyof KiokuCallOptions];
    if (type === undefined) {
      throw new StrategyOptionsError({
        strategy: factory,
        option: `providerOptions.kioku.${key}`,
        value,
        expected: `no such option: kioku reads ${Object.keys(keys).join(', ')}`,
      });
    }
    if (value !== undefined && typeof value !== type) {
      throw new StrategyOptionsError({
        strategy: factory,
        option: `providerOptions.kioku.${key}`,
        value,
        expected: `a ${type}`,
      });
    }
  }
  return given as KiokuCallOptions;
}
