import { sql } from 'drizzle-orm';
import { InvalidMemoryInputError } from '../errors/invalid-memory-input-error.js';
import type { RecalledMemory, RecallOptions } from './memory.js';
import type { MemoryContext } from './memory-context.js';
import { type MemoryRow, memoryColumns, memoryFromRow } from './memory-row.js';
import { sanitizeMemoryText } from './sanitize-memory-text.js';
import { searchNearest } from './search-nearest.js';

/** `Memory.recall`: embeds the request (secrets redacted) and returns the memories whose request is similar enough. */
export async function recallMemories(
  context: MemoryContext,
  options: RecallOptions,
): Promise<RecalledMemory[]> {
  const { request, threshold = context.threshold, limit = context.limit, abortSignal } = options;
  checkThreshold(threshold);
  checkLimit(limit);
  if (request.trim() === '' || limit === 0) return [];
  // The embedder may be a provider's service: it gets the request without its secrets.
  const [embedding] = await context.embedder.embed(
    [sanitizeMemoryText(request).text],
    abortSignal === undefined ? {} : { abortSignal },
  );
  const rows = await searchNearest<MemoryRow>(context.store, {
    table: 'kioku_memories',
    columns: memoryColumns,
    where: sql`namespace = ${context.namespace}`,
    query: context.store.vectorParam(embedding ?? []),
    threshold,
    limit,
    efSearch: context.efSearch,
  });
  return rows.map(({ similarity, ...row }) => ({ ...memoryFromRow(row), similarity }));
}

/** Throws unless `threshold` is a cosine similarity, in [-1, 1]. */
export function checkThreshold(threshold: number, field = 'threshold'): void {
  if (!(threshold >= -1 && threshold <= 1)) {
    throw new InvalidMemoryInputError({
      field,
      expected: 'a cosine similarity in [-1, 1] (higher is closer)',
      found: String(threshold),
    });
  }
}

/** Throws unless `limit` is a count. */
export function checkLimit(limit: number, field = 'limit'): void {
  if (!Number.isSafeInteger(limit) || limit < 0) {
    throw new InvalidMemoryInputError({ field, expected: 'a non-negative integer', found: String(limit) });
  }
}
