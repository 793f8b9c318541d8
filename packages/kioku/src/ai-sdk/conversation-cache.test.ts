import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { kiokuDefault } from '../strategies/kioku-default/kioku-default.js';
import { quarterCounter } from '../test/quarter-counter.js';
import { conversationCache } from './conversation-cache.js';
import { createCompactor } from './create-compactor.js';
import type { ConversationEvictedEvent } from './kioku-event.js';
import { sessionIdOf } from './session-id-of.js';

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

describe('conversationCache by bytes', () => {
  const history = (characters: number) => [
    { role: 'system' as const, content: 'You are an analyst.' },
    { role: 'user' as const, content: 'x'.repeat(characters) },
  ];
  const roomy = () =>
    createCompactor({ strategy: kiokuDefault(), counter: quarterCounter(), contextWindow: 1_000_000 });
  const held = async (cache: ReturnType<typeof conversationCache>, id: string, characters: number) => {
    const made = cache.get(id, roomy);
    await made.prepare({ messages: history(characters) });
    return made;
  };

  it('forgets the least recently used conversations beyond maxBytes, with an event each, never the one asked for', async () => {
    const events: ConversationEvictedEvent[] = [];
    const cache = conversationCache({ maxBytes: 50_000, onEvent: (event) => events.push(event) });
    const a = await held(cache, 'a', 10_000); // about 20 kB
    await held(cache, 'b', 10_000);
    expect(cache.bytes).toBeGreaterThan(40_000);
    expect(cache.bytes).toBeLessThan(50_000);
    expect(cache.get('a', compactor)).toBe(a); // b is now the least recently used
    await held(cache, 'c', 10_000);
    expect(cache.get('c', compactor).retainedBytes()).toBeGreaterThan(20_000);
    expect(events).toEqual([
      {
        type: 'conversation-evicted',
        conversationId: 'b',
        reason: 'bytes',
        bytes: expect.any(Number),
        conversationsLeft: 2,
      },
    ]);
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('a')).toBe(a);
    // One conversation over the bound alone is kept while it is the one asked for.
    const big = await held(cache, 'big', 40_000);
    expect(cache.get('big', compactor)).toBe(big);
    expect(cache.size).toBe(1);
    expect(events.map((event) => event.conversationId)).toEqual(['b', 'a', 'c']);
  });

  it('reports evictions by count too, and refuses a bound below 1', () => {
    const events: ConversationEvictedEvent[] = [];
    const cache = conversationCache({ maxConversations: 1, onEvent: (event) => events.push(event) });
    cache.get('a', compactor);
    cache.get('b', compactor);
    expect(events).toEqual([
      { type: 'conversation-evicted', conversationId: 'a', reason: 'count', bytes: 0, conversationsLeft: 1 },
    ]);
    expect(() => conversationCache({ maxBytes: 0 })).toThrow(/maxBytes/);
  });
});

describe('sessionIdOf', () => {
  it('takes providerOptions.kioku.conversationId, else the system prompt and the first user message', () => {
    const system = { role: 'system' as const, content: 'You are an analyst.' };
    const first = sessionIdOf(call([system, user('Alert 1')]));
    expect(sessionIdOf(call([system, user('Alert 1'), user('And now?')]))).toBe(first);
    expect(sessionIdOf(call([system, user('Alert 2')]))).not.toBe(first);
    expect(sessionIdOf(call([{ ...system, content: 'Other.' }, user('Alert 1')]))).not.toBe(first);
    expect(sessionIdOf(call([system, user('Alert 1')], { kioku: { conversationId: 't-42' } }))).toBe(
      'id:t-42',
    );
  });
});
