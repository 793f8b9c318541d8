import { describe, expect, it } from 'vitest';
import type { TranscriptReplay } from './transcript-replay.js';
import { worstRun } from './worst-run.js';

const replay = (id: string, costCached: number, inputTokens = 100): TranscriptReplay =>
  ({
    transcript: { file: `${id}.json`, id, format: 'ai-sdk' },
    strategy: 's',
    pricing: 'p',
    calls: [],
    totals: { costCached, inputTokens },
  }) as unknown as TranscriptReplay;

describe('worstRun', () => {
  it('finds the run that costs most against the baseline on that run, not the dearest run', () => {
    const baseline = [replay('a', 10), replay('b', 1), replay('c', 0)];
    // Pooled 9.2 / 11 < 1, but run b costs 1.2× its unmanaged history; c was billed nothing unmanaged.
    const worst = worstRun([replay('a', 8, 50), replay('b', 1.2, 90), replay('c', 5)], baseline);
    expect(worst).toEqual({
      transcript: { file: 'b.json', id: 'b' },
      costCachedRatio: 1.2,
      inputTokensRatio: 0.9,
    });
  });

  it('is undefined when the baseline billed no run', () => {
    expect(worstRun([replay('a', 1)], [replay('a', 0)])).toBeUndefined();
    expect(worstRun([replay('a', 1)], [])).toBeUndefined();
  });
});
