import { isDeepStrictEqual } from 'node:util';
import type { ModelMessage } from 'ai';

/**
 * When `messages` starts with `prefix` (message by message, the same objects or equal ones), `messages`
 * with the prefix's own objects in front, so per-message caches (token counts) keep hitting; otherwise
 * `undefined`.
 */
export function extendsHistory(
  prefix: readonly ModelMessage[],
  messages: readonly ModelMessage[],
): ModelMessage[] | undefined {
  if (prefix.length > messages.length) return undefined;
  for (let index = 0; index < prefix.length; index += 1) {
    const known = prefix[index];
    const given = messages[index];
    if (known !== given && !isDeepStrictEqual(known, given)) return undefined;
  }
  return [...prefix, ...messages.slice(prefix.length)];
}
