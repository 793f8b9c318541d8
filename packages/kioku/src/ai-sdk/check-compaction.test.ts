import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { withCacheMarker } from '../pricing/cache-marker.js';
import { compactionProblem } from './check-compaction.js';

const history: ModelMessage[] = [
  { role: 'system', content: 'Investigate.' },
  { role: 'user', content: 'What ran on host MKT01?' },
  { role: 'assistant', content: 'A payload read LSASS memory.' },
];

describe('compactionProblem', () => {
  it('accepts a pinned task that came back carrying a cache marker (cacheBreakpoints marks it)', () => {
    const marked = withCacheMarker(history[1] as ModelMessage, { type: 'ephemeral' });
    expect(marked).not.toBe(history[1]);
    expect(compactionProblem(history, [history[0] as ModelMessage, marked, history[2] as ModelMessage])).toBe(
      undefined,
    );
  });

  it('accepts it when the task held a key set to undefined, which the marked copy lost', () => {
    const task = {
      role: 'user',
      content: 'What ran on host MKT01?',
      providerOptions: undefined,
    } as unknown as ModelMessage;
    const input = [history[0] as ModelMessage, task, history[2] as ModelMessage];
    const marked = withCacheMarker(
      { role: 'user', content: 'What ran on host MKT01?' },
      { type: 'ephemeral' },
    );
    expect(compactionProblem(input, [history[0] as ModelMessage, marked, history[2] as ModelMessage])).toBe(
      undefined,
    );
  });

  it('reports a pinned task that was rewritten', () => {
    const rewritten: ModelMessage = { role: 'user', content: 'What ran?' };
    expect(
      compactionProblem(history, [history[0] as ModelMessage, rewritten, history[2] as ModelMessage]),
    ).toBe('dropped pinned message 1');
  });
});
