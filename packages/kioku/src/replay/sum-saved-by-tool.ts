/** The tokens left out per tool name, added up over calls or replays. */
export function sumSavedByTool(
  records: readonly { savedByTool: Readonly<Record<string, number>> }[],
): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const { savedByTool } of records) {
    for (const [tool, saved] of Object.entries(savedByTool)) sums[tool] = (sums[tool] ?? 0) + saved;
  }
  return sums;
}
