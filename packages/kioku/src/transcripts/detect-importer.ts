import { defaultImporters } from './default-importers.js';
import type { Importer } from './importer.js';

/**
 * The importer most confident that `value` (parsed JSON, or the rows of a JSONL file) is its format, or
 * `undefined` when none recognises it.
 *
 * @param importers - the importers to try; default `defaultImporters()`.
 */
export function detectImporter(
  value: unknown,
  fileName: string,
  { importers = defaultImporters() }: { importers?: readonly Importer[] } = {},
): Importer | undefined {
  let best: Importer | undefined;
  let bestScore = 0;
  for (const importer of importers) {
    const score = importer.detect(value, fileName);
    if (score > bestScore) {
      best = importer;
      bestScore = score;
    }
  }
  return best;
}
