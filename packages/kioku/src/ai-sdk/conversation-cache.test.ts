import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { kiokuDefault } from '../strategies/kioku-default/kioku-default.js';
import { quarterCounter } from '../test/quarter-counter.js';
import { conversationCache } from './conversation-cache.js';
import { conversationId } from './conversation-id.js';
import { createCompactor } from './create-compactor.js';

const compactor = () =>
  createCompactor({ strategy: kiokuDefault(), counter: quarterCounter(), contextWindow: 1000 });
const call = (
  prompt: LanguageModelV4CallOptions['prompt'],
  providerOptions?: LanguageModelV4CallOptions['providerOptions'],
) =>
  ({ prompt, ...(providerOptions === undefined ? {} : { providerOptions }) }) as LanguageModelV4CallOptions;
const user = (text: string) => ({ role: 'user' as const, content: [{ type: 'text' as const, text }] });

describe('conversationCache', () => {
  it('keeps the most recently used conversations, at most maxConversations', () => {
    const cache = conversationCache({ maxConversations: 2 });
    const a = cache.get('a', compactor);
    cache.get('b', compactor);
    expect(cache.get('a', compactor)).toBe(a);
    cache.get('c', compactor); // forgets b, the least recently used
    expect(cache.size).toBe(2);
    expect(cache.get('a', compactor)).toBe(a);
    const made: string[] = [];
    cache.get('b', () => {
      made.push('b');
      return compactor();
    });
    expect(made).toEqual(['b']);
    expect(() => conversationCache({ maxConversations: 0 })).toThrow(/maxConversations/);
  });
});

describe('conversationId', () => {
  it('takes providerOptions.kioku.conversationId, else the system prompt and the first user message', () => {
    const system = { role: 'system' as const, content: 'You are an analyst.' };
    const first = conversationId(call([system, user('Alert 1')]));
    expect(conversationId(call([system, user('Alert 1'), user('And now?')]))).toBe(first);
    expect(conversationId(call([system, user('Alert 2')]))).not.toBe(first);
    expect(conversationId(call([{ ...system, content: 'Other.' }, user('Alert 1')]))).not.toBe(first);
    expect(conversationId(call([system, user('Alert 1')], { kioku: { conversationId: 't-42' } }))).toBe(
      'id:t-42',
    );
  });
});
