/** A path into parsed JSON, as zod reports it. */
export type JsonPath = readonly PropertyKey[];

/**
 * Writes a path as a JSON path (`$.messages[3].role`); for JSONL rows (`lines` given) the first step
 * becomes the line (`line 4: $.role`).
 */
export function formatLocation(path: JsonPath, lines?: readonly number[]): string {
  if (lines !== undefined && typeof path[0] === 'number') {
    const rest = formatLocation(path.slice(1));
    const line = `line ${lines[path[0]] ?? path[0] + 1}`;
    return rest === '$' ? line : `${line}: ${rest}`;
  }
  let out = '$';
  for (const step of path) {
    if (typeof step === 'number') out += `[${step}]`;
    else if (typeof step === 'string' && /^[A-Za-z_$][\w$]*$/.test(step)) out += `.${step}`;
    else out += `[${JSON.stringify(String(step))}]`;
  }
  return out;
}
