/**
 * Renders rows as a plain-text table with a header: the first column left-aligned (names), the others
 * right-aligned (figures).
 */
export function formatTable(
  header: readonly string[],
  rows: ReadonlyArray<readonly (string | number)[]>,
): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  return cells
    .map((row) =>
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
