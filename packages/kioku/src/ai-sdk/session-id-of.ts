import { createHash } from 'node:crypto';
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import type { ModelMessage } from 'ai';
import { kiokuCallOptions } from './kioku-call-options.js';

/**
 * The id of the session a call's conversation is kept under (its state in the middleware, its stored
 * session with `conversationSessions`): `id:<conversationId>` when the caller gives
 * `providerOptions.kioku.conversationId`, else a hash of the system messages and the first user message
 * (`derived:<hash>`: the same task under the same instructions; kioku's middleware tells apart two
 * conversations that share both by their histories). Throws `StrategyOptionsError` for a
 * `providerOptions.kioku` it cannot read (a typo in a key).
 *
 * @example
 * sessionIdOf({ prompt, providerOptions: { kioku: { conversationId: 'ticket-42' } } }); // 'id:ticket-42'
 */
export function sessionIdOf(params: Pick<LanguageModelV4CallOptions, 'prompt' | 'providerOptions'>): string {
  const given = kiokuCallOptions(params).conversationId;
  if (given !== undefined && given.length > 0) return `id:${given}`;
  return derivedConversationId(params.prompt as ModelMessage[]);
}

/** A hash of the system messages and the first user message: the same task under the same instructions. */
export function derivedConversationId(messages: readonly ModelMessage[]): string {
  const system = messages.filter((message) => message.role === 'system');
  const firstUser = messages.find((message) => message.role === 'user');
  const hash = createHash('sha256')
    .update(JSON.stringify([system, firstUser ?? null]))
    .digest('hex');
  return `derived:${hash}`;
}
