import { describe, expect, it } from 'vitest';
import { countStatements } from './count-statements.js';

describe('countStatements', () => {
  it('counts statements separated by semicolons, ignoring empty ones', () => {
    expect(countStatements('select 1')).toBe(1);
    expect(countStatements('select 1;')).toBe(1);
    expect(countStatements('select 1; drop table t')).toBe(2);
    expect(countStatements(' ; ;')).toBe(0);
  });

  it('does not split inside quotes, escapes or comments, but sees a statement hidden after a comment', () => {
    expect(countStatements('select \'a;b\', "c;d", `e;f` from t')).toBe(1);
    expect(countStatements("select 'it\\'s; fine'")).toBe(1);
    expect(countStatements("select '''x;\ny''' as s")).toBe(1);
    expect(countStatements('select 1 -- ; drop table t')).toBe(1);
    expect(countStatements('select 1 # ; drop table t')).toBe(1);
    expect(countStatements('select 1 /* ; drop table t */')).toBe(1);
    expect(countStatements('select 1; -- note\ndelete from t where true')).toBe(2);
    expect(countStatements('select 1 /* x */; insert into t values (1)')).toBe(2);
  });
});
