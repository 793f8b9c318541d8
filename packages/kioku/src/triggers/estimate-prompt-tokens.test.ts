import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { quarterCounter } from '../test/quarter-counter.js';
import { estimatePromptTokens } from './estimate-prompt-tokens.js';

describe('estimatePromptTokens', () => {
  const counter = quarterCounter();
  const messages: ModelMessage[] = [
    { role: 'user', content: 'a'.repeat(400) },
    { role: 'assistant', content: 'b'.repeat(40) },
    { role: 'user', content: 'c'.repeat(80) },
  ];

  it('adds the counted new messages to the tokens the provider reported for the previous prompt', () => {
    const estimate = estimatePromptTokens({
      messages,
      counter,
      previous: { messageCount: 2, inputTokens: 1000 },
    });
    expect(estimate).toEqual({ tokens: 1000 + 4 + 20, source: 'usage' });
  });

  it('counts the whole prompt before the first report', () => {
    expect(estimatePromptTokens({ messages, counter })).toEqual({
      tokens: counter.countPrompt({ messages }),
      source: 'counter',
    });
  });

  it('counts the whole prompt when the report is for a longer prompt (history rewritten)', () => {
    const estimate = estimatePromptTokens({
      messages,
      counter,
      previous: { messageCount: 9, inputTokens: 5 },
    });
    expect(estimate.source).toBe('counter');
  });
});
