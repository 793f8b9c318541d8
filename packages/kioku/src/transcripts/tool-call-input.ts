import { findDeepNesting } from '../json/find-deep-nesting.js';

/**
 * The input of a recorded tool call: its JSON arguments parsed, or the raw string when it is not valid
 * JSON (agents do emit broken JSON, and the transcript should still import) or nests deeper than kioku
 * walks (it is counted and kept as the text it is).
 */
export function toolCallInput(args: unknown): unknown {
  if (typeof args !== 'string') return args ?? {};
  if (args.trim() === '') return {};
  if (findDeepNesting(args) !== undefined) return args;
  try {
    return JSON.parse(args);
  } catch {
    return args;
  }
}
