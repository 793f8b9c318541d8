import type { ToolResultPart } from 'ai';

/**
 * Whether a tool output is a structured record (a lookup's answer) rather than plain text: a JSON output,
 * or a text that is one bracketed document or list (`{…}`, `[…]`), as API lookups and SQL results print.
 */
export function isRecordOutput(part: ToolResultPart): boolean {
  const { output } = part;
  if (output.type === 'json' || output.type === 'error-json') return true;
  if (output.type !== 'text') return false;
  const text = output.value.trim();
  return (text.startsWith('{') && text.endsWith('}')) || (text.startsWith('[') && text.endsWith(']'));
}
