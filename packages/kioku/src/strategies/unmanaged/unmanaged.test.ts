import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { quarterCounter } from '../../test/quarter-counter.js';
import { strategyConformance } from '../../test/strategy-conformance.js';
import { unmanaged } from './unmanaged.js';

describe('unmanaged', () => {
  it('returns the same messages in a new array and no edits', async () => {
    const messages: ModelMessage[] = [{ role: 'user', content: 'hi' }];
    const result = await unmanaged().apply({
      messages,
      counter: quarterCounter(),
      budget: { contextWindow: 10 },
      state: null,
    });
    expect(result.messages).not.toBe(messages);
    expect(result.messages[0]).toBe(messages[0]);
    expect(result.edits).toEqual([]);
  });

  strategyConformance({ make: unmanaged });
});
