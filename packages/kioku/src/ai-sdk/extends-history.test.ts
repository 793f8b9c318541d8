import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { extendsHistory } from './extends-history.js';

const marker = { anthropic: { cacheControl: { type: 'ephemeral' } } };
const history: ModelMessage[] = [
  { role: 'system', content: 'You are a SOC analyst.' },
  { role: 'user', content: 'Which host dumped LSASS memory?' },
  {
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'search', input: { query: 'lsass' } }],
  },
  {
    role: 'tool',
    content: [
      { type: 'tool-result', toolCallId: 'c1', toolName: 'search', output: { type: 'text', value: 'MKT01' } },
    ],
  },
];

describe('extendsHistory', () => {
  it('keeps the known objects of an equal prefix and appends the new messages', () => {
    const next: ModelMessage = { role: 'user', content: 'Isolate it.' };
    const extended = extendsHistory(history, [...structuredClone(history), next]);
    expect(extended?.slice(0, history.length).every((message, index) => message === history[index])).toBe(
      true,
    );
    expect(extended?.at(-1)).toBe(next);
  });

  it('takes a history whose cache breakpoints moved (an agent marking its latest messages) as the same one', () => {
    const marked = history.map((message, index) =>
      index === 3 ? { ...message, providerOptions: marker } : message,
    );
    const moved = [
      ...history,
      { role: 'user', content: 'Isolate it.', providerOptions: marker } as ModelMessage,
    ];
    const extended = extendsHistory(marked, moved);
    // The known objects stay (identity is what the cache-payback rule tracks), the new message is added.
    expect(extended?.slice(0, history.length).every((message, index) => message === marked[index])).toBe(
      true,
    );
    expect(extended?.at(-1)).toBe(moved.at(-1));
  });

  it('takes a breakpoint removed from a message whose copy has a key set to undefined as the same message', () => {
    const marked = history.map((message, index) =>
      index === 3 ? { ...message, providerOptions: marker } : message,
    );
    // As a provider prompt converts back: the options key is there, without a value.
    const converted = history.map((message, index) =>
      index === 3 ? ({ ...message, providerOptions: undefined } as unknown as ModelMessage) : message,
    );
    expect(extendsHistory(marked, converted)).toEqual(marked);
  });

  it('refuses a history whose content changed', () => {
    const edited = history.map((message, index) =>
      index === 1 ? ({ role: 'user', content: 'Which host dumped SAM?' } as ModelMessage) : message,
    );
    expect(extendsHistory(history, edited)).toBeUndefined();
    const otherOptions = history.map((message, index) =>
      index === 1 ? { ...message, providerOptions: { openai: { reasoningEffort: 'high' } } } : message,
    );
    expect(extendsHistory(history, otherOptions)).toBeUndefined();
    expect(extendsHistory(history, history.slice(0, 2))).toBeUndefined();
  });
});
