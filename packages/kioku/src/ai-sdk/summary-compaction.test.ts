import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { summarization } from '../strategies/summarization/summarization.js';
import { summaryMessage } from '../strategies/summarization/summary-message.js';
import { quarterCounter } from '../test/quarter-counter.js';
import { scriptedModel } from '../test/scripted-model.js';
import { toolStep } from '../test/tool-step.js';
import type { ConversationRange } from './conversation-sessions.js';
import { summaryCompaction } from './summary-compaction.js';

const output = Array.from({ length: 40 }, (_, i) => `line ${i}: GET /index.html 200`).join('\n');
const steps = (from: number, to: number): ModelMessage[] =>
  Array.from({ length: to - from }, (_, i) => toolStep({ id: `c${from + i}`, output })).flat();
const pinned: ModelMessage = {
  role: 'user',
  content: 'Never run rm.',
  providerOptions: { kioku: { pinned: true } },
};
const own = (messages: readonly ModelMessage[]): ConversationRange[] =>
  messages.map((_, index) => ({ from: index, to: index + 1 }));

async function compact(history: ModelMessage[]) {
  const strategy = summarization({
    model: scriptedModel({ replies: [{ text: 'The agent listed files.' }] }),
    contextWindow: 200_000,
  });
  return strategy.compact({
    messages: history,
    counter: quarterCounter(),
    budget: { contextWindow: 100_000 },
    state: strategy.initialState(),
  });
}

describe('summaryCompaction', () => {
  it('names the original range a summary replaced, with the pinned messages inside it kept', async () => {
    const history: ModelMessage[] = [
      { role: 'system', content: 'You are an agent.' },
      { role: 'user', content: 'List the files.' },
      ...steps(0, 2),
      pinned,
      ...steps(2, 12),
    ];
    const result = await compact(history);
    const made = summaryCompaction({
      history,
      origins: own(history),
      output: result.messages,
      edits: result.edits,
    });
    expect(made?.replaces.from).toBe(2);
    expect(made?.messages[0]).toBe(pinned);
    // The original with the range replaced is what the strategy sends: what a session's current view shows.
    const { from, to } = made?.replaces ?? { from: 0, to: 0 };
    expect([...history.slice(0, from), ...(made?.messages ?? []), ...history.slice(to)]).toEqual(
      result.messages,
    );
  });

  it('takes in a message before the summarized ones that stands for part of the same range', async () => {
    // A resumed history: [2, 20) was summarized earlier, keeping a pinned message, then came 10 steps.
    const history: ModelMessage[] = [
      { role: 'system', content: 'You are an agent.' },
      { role: 'user', content: 'List the files.' },
      pinned,
      summaryMessage('The agent listed files 0 to 8.'),
      ...steps(20, 30),
    ];
    const origins = [
      { from: 0, to: 1 },
      { from: 1, to: 2 },
      { from: 2, to: 20 },
      { from: 2, to: 20 },
      ...history.slice(4).map((_, i) => ({ from: 20 + i, to: 21 + i })),
    ];
    const result = await compact(history);
    const made = summaryCompaction({ history, origins, output: result.messages, edits: result.edits });
    expect(made?.replaces.from).toBe(2);
    expect(made?.replaces.to).toBeGreaterThan(20);
    expect(made?.messages[0]).toBe(pinned);
    expect(made?.messages).toHaveLength(2);
  });

  it('names nothing when no summary was made at this call', () => {
    const history: ModelMessage[] = [{ role: 'user', content: 'List the files.' }, ...steps(0, 2)];
    expect(summaryCompaction({ history, origins: own(history), output: history, edits: [] })).toBeUndefined();
  });
});
