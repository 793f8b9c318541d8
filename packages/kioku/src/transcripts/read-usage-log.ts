import { TranscriptFormatError } from '../errors/transcript-format-error.js';
import { describeValue } from './describe-value.js';
import { parseJsonText } from './parse-json-text.js';
import { parseShape } from './parse-shape.js';
import { type UsageLogRow, usageLogRowSchema } from './usage-log-row.js';

/**
 * Reads and validates a per-call usage log (JSON Lines, one LLM call per row: `instance_id`, `call_idx`,
 * `n_messages_in_prompt`, `prompt_tokens`, cache token counts, `cost`, `timestamp`). A wrong row is a
 * `TranscriptFormatError` naming its line and field.
 *
 * @example
 * const rows = readUsageLog(readFileSync(path, 'utf8'), { file: path });
 * const runs = attachUsageLog(transcripts, rows).transcripts;
 */
export function readUsageLog(text: string, { file }: { file: string }): UsageLogRow[] {
  const parsed = parseJsonText(text, { file, jsonl: true });
  const rows = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  const lines = parsed.lines ?? [1];
  if (rows.length === 0) {
    throw new TranscriptFormatError({
      file,
      location: 'line 1',
      expected: 'at least one usage row',
      found: describeValue(rows),
    });
  }
  return rows.map((row, index) => ({
    ...parseShape(usageLogRowSchema, row, { file, path: [index], lines }),
    file,
    line: lines[index] ?? index + 1,
  }));
}
