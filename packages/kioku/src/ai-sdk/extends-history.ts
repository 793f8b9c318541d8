import type { ModelMessage } from 'ai';
import { sameMessage } from '../messages/same-message.js';

/**
 * When `messages` starts with `prefix` (message by message, the same objects or equal ones), `messages`
 * with the prefix's own objects in front, so per-message caches (token counts) keep hitting; otherwise
 * `undefined`. A message that differs only in its Anthropic cache breakpoint
 * (`providerOptions.anthropic.cacheControl`), or in keys set to `undefined`, is the same message (agents
 * move their breakpoints to the latest messages at every call): the known object stays, so strategies that
 * track what they sent by identity (the cache-payback rule) carry on. kioku's default places its own
 * breakpoints and removes the caller's; with another strategy such an older message keeps the breakpoint it
 * first came with (Anthropic's provider ignores any beyond 4, with a warning).
 */
export function extendsHistory(
  prefix: readonly ModelMessage[],
  messages: readonly ModelMessage[],
): ModelMessage[] | undefined {
  if (prefix.length > messages.length) return undefined;
  for (let index = 0; index < prefix.length; index += 1) {
    const known = prefix[index] as ModelMessage;
    const given = messages[index] as ModelMessage;
    if (known !== given && !sameMessage(known, given)) return undefined;
  }
  return prefix.length === 0 ? messages.slice() : prefix.concat(messages.slice(prefix.length));
}
