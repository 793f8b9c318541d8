/**
 * How many non-empty statements `sql` holds: `;` separates statements except inside quotes ('…', "…",
 * `…`, triple-quoted strings, backslash escapes) and comments (`--`, `#`, block comments). Used where the
 * engine has no statement extraction of its own (BigQuery, which would run several statements as a
 * script).
 */
export function countStatements(sql: string): number {
  let count = 0;
  let content = false;
  let index = 0;
  const end = () => {
    if (content) count += 1;
    content = false;
  };
  while (index < sql.length) {
    const char = sql[index] as string;
    if (char === ';') {
      end();
      index += 1;
    } else if (sql.startsWith('--', index) || char === '#') {
      const newline = sql.indexOf('\n', index);
      index = newline === -1 ? sql.length : newline + 1;
    } else if (sql.startsWith('/*', index)) {
      const close = sql.indexOf('*/', index + 2);
      index = close === -1 ? sql.length : close + 2;
    } else if (char === "'" || char === '"' || char === '`') {
      content = true;
      index = afterQuoted(sql, index);
    } else {
      if (!/\s/.test(char)) content = true;
      index += 1;
    }
  }
  end();
  return count;
}

function afterQuoted(sql: string, start: number): number {
  const quote = sql[start] as string;
  const triple = quote !== '`' && sql.startsWith(quote.repeat(3), start);
  const closing = triple ? quote.repeat(3) : quote;
  let index = start + closing.length;
  while (index < sql.length) {
    if (sql[index] === '\\') {
      index += 2;
    } else if (sql.startsWith(closing, index)) {
      return index + closing.length;
    } else {
      index += 1;
    }
  }
  return sql.length;
}
