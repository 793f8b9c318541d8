/**
 * Prints a query result the way log tools do: a header, one pipe-separated line per row, and the row
 * count (with a note when only the first `limit` rows are shown).
 */
export function formatLogTable({ columns, rows }, { limit = 500 } = {}) {
  const shown = rows.slice(0, limit);
  const lines = [columns.join(' | '), ...shown.map((row) => row.join(' | '))];
  const note =
    rows.length > shown.length
      ? `(${rows.length} rows, first ${shown.length} shown)`
      : `(${rows.length} rows)`;
  return `${lines.join('\n')}\n${note}`;
}
/** An ISO timestamp, `minutes` after `start`, to the second. */
export function at(start, minutes) {
  return new Date(Date.parse(start) + Math.round(minutes * 60_000)).toISOString().replace('.000Z', 'Z');
}
