import { LogQueryError } from './log-query-error.js';

const readKeywords = new Set(['SELECT', 'WITH', 'FROM', 'VALUES', 'TABLE', 'DESCRIBE', 'SUMMARIZE', 'SHOW']);

/** What the text of an accepted statement begins with. */
export interface ReadOnlyText {
  /** The first keyword (`SELECT`, `EXPLAIN`, …), upper case. */
  keyword: string;
  /** For `EXPLAIN ANALYZE`, which runs its query: that query's text (it is dry-run like any other). */
  analyzed?: string;
  /** For `EXPLAIN [ANALYZE]`: the text of the statement it explains. */
  explained?: string;
}

/**
 * Checks that a statement's text begins, after comments, whitespace and opening parentheses, with a
 * read-only keyword: SELECT, WITH, FROM, VALUES, TABLE, DESCRIBE, SUMMARIZE, SHOW, or EXPLAIN [ANALYZE]
 * followed by one of them. DuckDB reports PRAGMA and CALL-like statements as SELECT, so the engine checks
 * this text as well as the statement type. Throws a `LogQueryError` (`not-read-only`) otherwise.
 */
export function checkReadOnlyText(sql: string): ReadOnlyText {
  const first = leadingWord(sql, 0);
  if (first.word === 'EXPLAIN') {
    let next = leadingWord(sql, first.end);
    if (next.word === 'ANALYZE' || next.word === 'ANALYSE') {
      const analyzedStart = next.end;
      next = leadingWord(sql, analyzedStart);
      requireRead(next.word, 'EXPLAIN ANALYZE');
      const analyzed = sql.slice(analyzedStart);
      return { keyword: 'EXPLAIN', analyzed, explained: analyzed };
    }
    requireRead(next.word, 'EXPLAIN');
    return { keyword: 'EXPLAIN', explained: sql.slice(first.end) };
  }
  requireRead(first.word, undefined);
  return { keyword: first.word };
}

function requireRead(word: string, after: string | undefined): void {
  if (readKeywords.has(word)) return;
  const found = word === '' ? 'no statement' : word;
  throw new LogQueryError({
    reason: 'not-read-only',
    message: `refused: only SELECT (or WITH/FROM), DESCRIBE, SUMMARIZE, SHOW and EXPLAIN of them are allowed; ${
      after === undefined ? 'the statement begins with' : `${after} is followed by`
    } ${found}. Write one read-only query.`,
  });
}

/** The first word at or after `start`, skipping whitespace, line and (nested) block comments, and opening parentheses. */
function leadingWord(sql: string, start: number): { word: string; end: number } {
  let index = start;
  while (index < sql.length) {
    const char = sql[index] as string;
    if (/\s/.test(char) || char === '(') {
      index += 1;
    } else if (sql.startsWith('--', index)) {
      const newline = sql.indexOf('\n', index);
      index = newline === -1 ? sql.length : newline + 1;
    } else if (sql.startsWith('/*', index)) {
      index = afterBlockComment(sql, index);
    } else {
      break;
    }
  }
  const match = /^[A-Za-z_]+/.exec(sql.slice(index));
  const word = match?.[0] ?? '';
  return { word: word.toUpperCase(), end: index + word.length };
}

function afterBlockComment(sql: string, start: number): number {
  let depth = 0;
  let index = start;
  while (index < sql.length) {
    if (sql.startsWith('/*', index)) {
      depth += 1;
      index += 2;
    } else if (sql.startsWith('*/', index)) {
      depth -= 1;
      index += 2;
      if (depth === 0) return index;
    } else {
      index += 1;
    }
  }
  return sql.length;
}
