import type { ModelMessage } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validHistory } from '../test/arbitrary-history.js';
import { findToolPairs } from './find-tool-pairs.js';
import { splitSteps, splitTurns } from './split-turns.js';

const history: ModelMessage[] = [
  { role: 'system', content: 'You are an analyst.' },
  { role: 'user', content: 'Investigate alert 42.' },
  {
    role: 'assistant',
    content: [
      { type: 'tool-call', toolCallId: 'a', toolName: 'query', input: { sql: 'select 1' } },
      { type: 'tool-call', toolCallId: 'b', toolName: 'lookup', input: { ip: '10.0.0.1' } },
    ],
  },
  {
    role: 'tool',
    content: [
      { type: 'tool-result', toolCallId: 'a', toolName: 'query', output: { type: 'text', value: '1' } },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'b',
        toolName: 'lookup',
        output: { type: 'json', value: { asn: 1 } },
      },
    ],
  },
  { role: 'assistant', content: 'The IP is internal.' },
  { role: 'user', content: 'Check the hash too.' },
  { role: 'assistant', content: 'Done.' },
];

describe('splitTurns and splitSteps', () => {
  it('splits at user messages, the system prompt in a turn of its own', () => {
    expect(splitTurns(history)).toEqual([
      { start: 0, end: 1 },
      { start: 1, end: 6 },
      { start: 6, end: 8 },
    ]);
  });

  it('splits at assistant messages, keeping results with their calls', () => {
    expect(splitSteps(history)).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 5 },
      { start: 5, end: 6 },
      { start: 6, end: 7 },
      { start: 7, end: 8 },
    ]);
  });

  it('never separates a call from its result on generated histories', () => {
    fc.assert(
      fc.property(validHistory, (messages) =>
        [splitTurns(messages), splitSteps(messages)].every((spans) => {
          const spanOf = (index: number) =>
            spans.findIndex((span) => index >= span.start && index < span.end);
          const covered = spans.reduce((sum, span) => sum + span.end - span.start, 0) === messages.length;
          return (
            covered &&
            findToolPairs(messages).pairs.every(
              (pair) => spanOf(pair.callIndex) === spanOf(pair.resultIndex ?? -1),
            )
          );
        }),
      ),
      { numRuns: 2000 },
    );
  });
});

describe('findToolPairs', () => {
  it('pairs parallel calls and reports orphans', () => {
    const orphan: ModelMessage = {
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'zz', toolName: 'query', output: { type: 'text', value: '' } },
      ],
    };
    const { pairs, orphanResults } = findToolPairs([...history, orphan]);
    expect(pairs.map((pair) => [pair.toolCallId, pair.callIndex, pair.resultIndex])).toEqual([
      ['a', 2, 3],
      ['b', 2, 4],
    ]);
    expect(orphanResults.map((orphanResult) => orphanResult.index)).toEqual([8]);
  });
});
