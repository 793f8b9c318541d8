/** Which tools a strategy may edit: only those in `include` when given, never those in `exclude`. */
export interface ToolFilterOptions {
  /** Only these tools are edited; default: every tool. */
  include?: readonly string[] | undefined;
  /** These tools are never edited; default none. */
  exclude?: readonly string[] | undefined;
}

/** A predicate over tool names from include and exclude lists. */
export function toolFilter({ include, exclude = [] }: ToolFilterOptions): (toolName: string) => boolean {
  const included = include === undefined ? undefined : new Set(include);
  const excluded = new Set(exclude);
  return (toolName) => (included === undefined || included.has(toolName)) && !excluded.has(toolName);
}
