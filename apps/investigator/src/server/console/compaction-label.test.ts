import { describe, expect, it } from 'vitest';
import { compactionLabel } from './compaction-label.js';

describe('compactionLabel', () => {
  it('says in plain words what a compaction did, and hides one that saved nothing', () => {
    expect(
      compactionLabel({
        strategy: 'pipeline(kioku-default, summarization)',
        replaces: { from: 1, to: 9 },
        tokensBefore: 4200,
        tokensAfter: 600,
      }),
    ).toBe('Shortened old tool outputs and summarized messages 1–8: 4,200 → 600 tokens (86% smaller)');
    expect(
      compactionLabel({
        strategy: 'summarization',
        replaces: { from: 3, to: 4 },
        tokensBefore: 100,
        tokensAfter: 50,
      }),
    ).toBe('Summarized message 3: 100 → 50 tokens (50% smaller)');
    expect(
      compactionLabel({
        strategy: 'kioku-default',
        replaces: { from: 2, to: 5 },
        tokensBefore: 900,
        tokensAfter: 900,
      }),
    ).toBeUndefined();
    expect(
      compactionLabel({
        strategy: 'summarization',
        replaces: { from: 5, to: 5 },
        tokensBefore: 900,
        tokensAfter: 100,
      }),
    ).toBeUndefined();
  });
});
