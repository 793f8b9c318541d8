import { detectImporter } from './detect-importer.js';
import type { Importer } from './importer.js';
import type { TranscriptFormat } from './transcript-format.js';

/**
 * The format of `value` (parsed JSON, or the rows of a JSONL file) or `undefined` when no importer
 * recognises it.
 *
 * @example
 * detectFormat(JSON.parse(text), 'run.traj.json'); // 'mini-swe-agent'
 */
export function detectFormat(
  value: unknown,
  fileName: string,
  options: { importers?: readonly Importer[] } = {},
): TranscriptFormat | undefined {
  return detectImporter(value, fileName, options)?.format;
}
