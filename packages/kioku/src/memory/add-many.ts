import { type SQL, sql } from 'drizzle-orm';
import { InvalidMemoryInputError } from '../errors/invalid-memory-input-error.js';
import { analyzeIfStale } from './analyze-if-stale.js';
import { checkClaim } from './check-claim.js';
import type { AddManyEntry, AddManyResult } from './memory.js';
import type { MemoryContext } from './memory-context.js';
import { claimKey } from './normalize-claim.js';
import { normalizeMemoryText } from './normalize-memory-text.js';
import { sanitizeMemoryText } from './sanitize-memory-text.js';
import { queryRows } from './sql-values.js';

// 7 parameters a row; Postgres takes at most 65,535 per statement. Each batch is one transaction.
const insertBatch = 500;
const embedBatch = 256;

/**
 * `Memory.addMany`: stores many claims at once, each with the request it is useful for (and that
 * request's embedding, computed when not given). Claims are checked like `learn`'s and requests
 * sanitized (see `sanitizeMemoryText`), but only exact
 * duplicates (equal normalized text) are merged: there is no near-duplicate search per claim.
 */
export async function addMany(
  context: MemoryContext,
  entries: readonly AddManyEntry[],
  { abortSignal, onBatch }: { abortSignal?: AbortSignal; onBatch?: (added: number) => void } = {},
): Promise<AddManyResult> {
  const { store, embedder, namespace } = context;
  const result: AddManyResult = { stored: 0, merged: 0, rejected: [] };
  // One row per key: a statement may not update the same row twice on conflict.
  const unique = new Map<
    string,
    { claim: string; request: string; embedding?: readonly number[]; score: number }
  >();
  for (const [index, entry] of entries.entries()) {
    checkEntry(entry, index, embedder.dimensions);
    const checked = checkClaim(entry.claim);
    if (!checked.accepted) {
      const { accepted: _accepted, ...rejection } = checked;
      result.rejected.push({ ...rejection, index });
      continue;
    }
    const key = claimKey(checked.claim);
    const score = entry.score ?? 0;
    const earlier = unique.get(key);
    if (earlier !== undefined) {
      earlier.score = Math.max(earlier.score, score);
      result.merged++;
      continue;
    }
    unique.set(key, {
      claim: checked.claim,
      // Stored, embedded and shown like the claim: normalized, secrets redacted.
      request: sanitizeMemoryText(entry.request).text,
      score,
      ...(entry.embedding === undefined ? {} : { embedding: entry.embedding }),
    });
  }
  const rows = [...unique.entries()];
  const missing = [
    ...new Set(rows.filter(([, row]) => row.embedding === undefined).map(([, row]) => row.request)),
  ];
  const embedded = new Map<string, readonly number[]>();
  for (let start = 0; start < missing.length; start += embedBatch) {
    const texts = missing.slice(start, start + embedBatch);
    const vectors = await embedder.embed(texts, abortSignal === undefined ? {} : { abortSignal });
    for (const [index, text] of texts.entries()) embedded.set(text, vectors[index] ?? []);
  }
  for (let start = 0; start < rows.length; start += insertBatch) {
    const values: SQL[] = rows.slice(start, start + insertBatch).map(([key, row]) => {
      const embedding = row.embedding ?? embedded.get(row.request) ?? [];
      return sql`(${namespace}, ${row.claim}, ${key}, ${row.request}, ${store.vectorParam(embedding)}, ${row.score})`;
    });
    const inserted = await queryRows<{ inserted: boolean }>(
      store.db,
      sql`insert into kioku_memories (namespace, claim, claim_key, request, embedding, score)
        values ${sql.join(values, sql`, `)}
        on conflict (namespace, claim_key) do update
          set score = greatest(kioku_memories.score, excluded.score), updated_at = now()
        returning (xmax = 0) as inserted`,
    );
    const stored = inserted.filter((row) => row.inserted).length;
    result.stored += stored;
    result.merged += inserted.length - stored;
    onBatch?.(values.length);
  }
  await analyzeIfStale(store, 'kioku_memories');
  return result;
}

function checkEntry(entry: AddManyEntry, index: number, dimensions: number): void {
  if (typeof entry.claim !== 'string') {
    throw new InvalidMemoryInputError({
      field: `entries[${index}].claim`,
      expected: 'a string',
      found: typeof entry.claim,
    });
  }
  if (typeof entry.request !== 'string' || normalizeMemoryText(entry.request).trim() === '') {
    throw new InvalidMemoryInputError({
      field: `entries[${index}].request`,
      expected: 'the non-empty request the claim is useful for',
    });
  }
  if (entry.embedding !== undefined && entry.embedding.length !== dimensions) {
    throw new InvalidMemoryInputError({
      field: `entries[${index}].embedding`,
      expected: `a vector of ${dimensions} dimensions (the store's embedder)`,
      found: `${entry.embedding.length} dimensions`,
    });
  }
  if (entry.score !== undefined && !Number.isSafeInteger(entry.score)) {
    throw new InvalidMemoryInputError({
      field: `entries[${index}].score`,
      expected: 'an integer',
      found: String(entry.score),
    });
  }
}
