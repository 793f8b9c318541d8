/** Words that open an SQL statement (or a query clause a tool takes on its own). */
const statementStart =
  /^\s*(?:(?:--[^\n]*\n|\/\*[\s\S]*?\*\/)\s*)*(?:select|with|insert|update|delete|describe|desc|show|explain)\b/i;
/** Code a text quotes: a fenced block, an inline span, or a ReAct action's bracketed argument (`execute[…]`). */
const quotedCode = /```[^\n]*\n([\s\S]*?)```|`([^`\n]+)`|\b[A-Za-z_]\w*\[([\s\S]*?)\](?=\s*(?:$|\n))/g;

/**
 * Where a text holds SQL statements, as `[start, end)` ranges: the whole text when it is one (a query
 * tool's argument), else each quoted piece of code that is one — a fenced block, an inline code span, a
 * ReAct action's bracketed argument (`Action: execute[SELECT …]`). SQL a sentence mentions in prose is no
 * range: its words are words.
 *
 * @example
 * sqlRegions('Thought: I need the rows.\nAction: execute[SELECT Name FROM Users]'); // one range, the query
 */
export function sqlRegions(text: string): Array<[number, number]> {
  if (statementStart.test(text)) return [[0, text.length]];
  const regions: Array<[number, number]> = [];
  for (const match of text.matchAll(quotedCode)) {
    const group = [1, 2, 3].find((index) => match[index] !== undefined);
    const code = group === undefined ? undefined : match[group];
    if (code === undefined || !statementStart.test(code)) continue;
    const start = (match.index ?? 0) + match[0].indexOf(code);
    regions.push([start, start + code.length]);
  }
  return regions;
}
