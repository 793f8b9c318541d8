import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withCacheMarker } from '../pricing/cache-marker.js';
import { agentHistory } from '../test/arbitrary-history.js';
import { lengthCounter } from '../test/length-counter.js';
import { quarterCounter } from '../test/quarter-counter.js';
import { cachedCounter } from './cached-counter.js';
import { createOpenAICounter } from './openai-counter.js';
import type { TokenCounter } from './token-counter.js';

/** A counter that says how many messages it was asked to count. */
function spied(counter: TokenCounter) {
  const counted: ModelMessage[] = [];
  return {
    counted,
    counter: {
      ...counter,
      countMessage(message: ModelMessage) {
        counted.push(message);
        return counter.countMessage(message);
      },
    } satisfies TokenCounter,
  };
}

describe('cachedCounter', () => {
  it('counts as the counter does, prompt by prompt, as histories grow, are rewritten and branch', () => {
    const plain = createOpenAICounter({ encoding: 'o200k_base' });
    fc.assert(
      fc.property(agentHistory(), fc.array(fc.nat(), { maxLength: 30 }), (messages, moves) => {
        const cached = cachedCounter(lengthCounter({ overhead: 3 }), { byContent: moves.length % 2 === 0 });
        const reference = lengthCounter({ overhead: 3 });
        const prompts: ModelMessage[][] = [];
        for (const [step, move] of moves.entries()) {
          const length = 1 + (move % messages.length);
          const prompt = messages.slice(0, length);
          // Every other prompt has a message rewritten (a placeholder) or marked: a new object.
          if (step % 2 === 1) {
            const at = move % length;
            const message = prompt[at] as ModelMessage;
            prompt[at] = move % 3 === 0 ? withCacheMarker(message, { type: 'ephemeral' }) : { ...message };
          }
          prompts.push(prompt);
          const tools = move % 4 === 0 ? [{ name: 'bash', inputSchema: { type: 'object' } }] : undefined;
          const asked = tools === undefined ? { messages: prompt } : { messages: prompt, tools };
          expect(cached.countPrompt(asked)).toBe(reference.countPrompt(asked));
        }
        // Earlier prompts still count right after others were counted.
        for (const prompt of prompts)
          expect(cached.countPrompt({ messages: prompt })).toBe(reference.countPrompt({ messages: prompt }));
      }),
      { numRuns: 120 },
    );
    expect(cachedCounter(plain).countPrompt({ messages: [{ role: 'user', content: 'hi' }] })).toBe(
      plain.countPrompt({ messages: [{ role: 'user', content: 'hi' }] }),
    );
  });

  it('counts a marked copy as its source, a grown prompt by its new messages, and equal copies once with byContent', () => {
    const { counted, counter } = spied(quarterCounter());
    const cached = cachedCounter(counter);
    const history: ModelMessage[] = [
      { role: 'system', content: 'You investigate alerts.' },
      { role: 'user', content: 'Alert 42.' },
      { role: 'assistant', content: [{ type: 'text', text: 'Looking.' }] },
    ];
    cached.countPrompt({ messages: history });
    expect(counted).toHaveLength(3);
    const marked = history.map((message) => withCacheMarker(message, { type: 'ephemeral' }));
    cached.countPrompt({ messages: marked });
    cached.countPrompt({ messages: [...history, { role: 'user', content: 'More.' }] });
    expect(counted).toHaveLength(4);
    const byContent = cachedCounter(counter, { byContent: true });
    byContent.countMessage({
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'a', toolName: 't', output: { type: 'text', value: 'x' } },
      ],
    });
    byContent.countMessage({
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'a', toolName: 't', output: { type: 'text', value: 'x' } },
      ],
    });
    expect(counted).toHaveLength(5);
    // Without byContent the wrapper is shared per counter.
    expect(cachedCounter(counter)).toBe(cached);
    expect(cachedCounter(cached)).toBe(cached);
  });

  it('counts each text once with byContent, by the whole text', () => {
    const texts: string[] = [];
    const base = quarterCounter();
    const counter: TokenCounter = {
      ...base,
      countText: (text) => {
        texts.push(text);
        return base.countText(text);
      },
    };
    const byContent = cachedCounter(counter, { byContent: true });
    const long = 'x'.repeat(40);
    expect(byContent.countText(long)).toBe(10);
    expect(byContent.countText('x'.repeat(40))).toBe(10);
    expect(byContent.countText(`${long}y`)).toBe(11);
    expect(byContent.countText(long.slice(1))).toBe(10);
    expect(byContent.countText('')).toBe(0);
    expect(texts).toEqual([long, `${long}y`, long.slice(1), '']);
    // Without byContent every text is counted.
    const plain = cachedCounter(counter);
    plain.countText(long);
    expect(texts).toHaveLength(5);
  });

  it('leaves a counter that is not additive to count whole prompts itself', () => {
    const base = quarterCounter();
    const rounding: TokenCounter = {
      ...base,
      additive: false,
      countPrompt: ({ messages }) =>
        Math.ceil(messages.reduce((sum, message) => sum + base.countMessage(message) / 3, 0)),
    };
    const messages: ModelMessage[] = [
      { role: 'user', content: 'a' },
      { role: 'user', content: 'b' },
    ];
    expect(cachedCounter(rounding).countPrompt({ messages })).toBe(rounding.countPrompt({ messages }));
  });
});
