import { createHash } from 'node:crypto';
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';

/**
 * The conversation a call belongs to: `providerOptions.kioku.conversationId` when the caller gives one,
 * else a hash of the system messages and the first user message (the same task under the same
 * instructions is taken for the same conversation; give an id when two can share both).
 *
 * @example
 * await generateText({ model, messages, providerOptions: { kioku: { conversationId: 'ticket-42' } } });
 */
export function conversationId(params: LanguageModelV4CallOptions): string {
  const given = params.providerOptions?.kioku?.conversationId;
  if (typeof given === 'string' && given.length > 0) return `id:${given}`;
  const system = params.prompt.filter((message) => message.role === 'system');
  const firstUser = params.prompt.find((message) => message.role === 'user');
  const hash = createHash('sha256')
    .update(JSON.stringify([system, firstUser ?? null]))
    .digest('hex');
  return `derived:${hash}`;
}
