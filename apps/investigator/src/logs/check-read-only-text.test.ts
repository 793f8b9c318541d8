import { describe, expect, it } from 'vitest';
import { checkReadOnlyText } from './check-read-only-text.js';

describe('checkReadOnlyText', () => {
  it('accepts read-only keywords after comments and parentheses', () => {
    expect(checkReadOnlyText('  -- a note\n/* x */ (SELECT 1)')).toEqual({ keyword: 'SELECT' });
    expect(checkReadOnlyText('from t select a')).toEqual({ keyword: 'FROM' });
    expect(checkReadOnlyText('Summarize t')).toEqual({ keyword: 'SUMMARIZE' });
    expect(checkReadOnlyText('explain select 1')).toEqual({ keyword: 'EXPLAIN', explained: ' select 1' });
  });

  it('hands back the query that EXPLAIN ANALYZE runs, for its dry run', () => {
    expect(checkReadOnlyText('EXPLAIN ANALYZE select * from t')).toEqual({
      keyword: 'EXPLAIN',
      analyzed: ' select * from t',
      explained: ' select * from t',
    });
  });

  it('refuses anything else, naming what it found', () => {
    expect(() => checkReadOnlyText('pragma database_list')).toThrow(/begins with PRAGMA/);
    expect(() => checkReadOnlyText('/* /* select */ */ copy t to x')).toThrow(/begins with COPY/);
    expect(() => checkReadOnlyText('explain analyze copy t to x')).toThrow(
      /EXPLAIN ANALYZE is followed by COPY/,
    );
    expect(() => checkReadOnlyText('-- only a comment')).toThrow(/begins with no statement/);
  });
});
