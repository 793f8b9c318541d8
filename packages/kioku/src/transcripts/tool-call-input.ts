/**
 * The input of a recorded tool call: its JSON arguments parsed, or the raw string when it is not valid
 * JSON (agents do emit broken JSON, and the transcript should still import).
 */
export function toolCallInput(args: unknown): unknown {
  if (typeof args !== 'string') return args ?? {};
  if (args.trim() === '') return {};
  try {
    return JSON.parse(args);
  } catch {
    return args;
  }
}
