/**
 * A one-line summary of a tool call's input for progress displays: `key=value` pairs with long values
 * cut, at most `maxLength` characters.
 *
 * @example
 * summarizeArguments({ sql: 'SELECT * FROM sign_ins WHERE …', limit: 50 }); // 'sql="SELECT * FROM sign_ins WHERE …" limit=50'
 */
export function summarizeArguments(input: unknown, { maxLength = 120 }: { maxLength?: number } = {}): string {
  const text =
    input !== null && typeof input === 'object' && !Array.isArray(input)
      ? Object.entries(input)
          .map(([key, value]) => `${key}=${oneLine(value)}`)
          .join(' ')
      : oneLine(input);
  return text.length <= maxLength ? text : `${text.slice(0, maxLength - 1)}…`;
}

function oneLine(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = '[not printable]'; // cycles, or nesting deeper than the stack
  }
  return text.replace(/\s+/g, ' ');
}
