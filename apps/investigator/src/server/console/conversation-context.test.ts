import type { ModelMessage } from 'ai';
import { createBytesCounter } from 'kioku';
import type { SessionView } from 'kioku/store';
import { describe, expect, it } from 'vitest';
import { withTurnUsage } from '../../chat/turn-usage.js';
import { conversationContext } from './conversation-context.js';

const usage = (input: number, cacheRead: number) =>
  ({
    inputTokens: input,
    outputTokens: 10,
    totalTokens: input + 10,
    inputTokenDetails: { noCacheTokens: input - cacheRead, cacheReadTokens: cacheRead, cacheWriteTokens: 0 },
    outputTokenDetails: { textTokens: 10, reasoningTokens: 0 },
  }) as never;

const long = 'evidence '.repeat(200);
const messages: ModelMessage[] = [
  { role: 'system', content: 'You investigate alerts.' },
  { role: 'user', content: 'What ran?' },
  withTurnUsage(
    { role: 'assistant', content: `A reverse shell. ${long}` },
    { usage: usage(1000, 0), costUsd: 0.01 },
  ),
  { role: 'user', content: 'And then?' },
  withTurnUsage(
    { role: 'assistant', content: 'Isolate the host.' },
    { usage: usage(1000, 600), costUsd: 0.005 },
  ),
];
const view: SessionView = {
  version: 1,
  replaces: { from: 1, to: 3 },
  summary: [{ role: 'user', content: 'Summary: a reverse shell.' }],
  strategy: 'summary',
  tokensBefore: 600,
  tokensAfter: 40,
  messageCount: 4,
  createdAt: new Date('2026-01-01T00:00:00Z'),
};

describe('conversationContext', () => {
  it('draws each turn before and after compaction, lists compactions, sums usage, cost and cache hits', () => {
    const context = conversationContext({
      messages,
      views: [view],
      window: 4096,
      counter: createBytesCounter(),
    });
    expect(context.points).toHaveLength(2);
    const [first, second] = context.points;
    // Before the compaction the model saw the whole history; after it, the summary in its place.
    expect(first?.contextTokens).toBe(first?.originalTokens);
    expect(second?.contextTokens).toBeLessThan((second?.originalTokens ?? 0) - 300);
    expect(context.compactions).toEqual([
      {
        version: 1,
        strategy: 'summary',
        replaces: { from: 1, to: 3 },
        tokensBefore: 600,
        tokensAfter: 40,
        summary: 'Summary: a reverse shell.',
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    ]);
    expect(context).toMatchObject({ turns: 2, inputTokens: 2000, cacheReadTokens: 600, cacheHitRate: 0.3 });
    expect(context.costUsd).toBeCloseTo(0.015);
  });

  it('has no cache rate or cost before the first turn', () => {
    const context = conversationContext({
      messages: [],
      views: [],
      window: 4096,
      counter: createBytesCounter(),
    });
    expect(context).toMatchObject({
      points: [],
      compactions: [],
      cacheHitRate: undefined,
      costUsd: undefined,
    });
  });
});
