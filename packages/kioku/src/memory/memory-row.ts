import type { MemoryRecord } from './memory.js';

/** A `kioku_memories` row as a raw query returns it (types differ between PGlite and `pg`). */
export interface MemoryRow {
  id: number | string;
  namespace: string;
  claim: string;
  request: string;
  score: number | string;
  created_at: string | Date;
  updated_at: string | Date;
}

/** The columns of {@link MemoryRow}, for `select` and `returning`. */
export const memoryColumns = 'id, namespace, claim, request, score, created_at, updated_at';

/** A raw row as a {@link MemoryRecord}: `pg` returns bigint as a string, PGlite timestamps as text. */
export function memoryFromRow(row: MemoryRow): MemoryRecord {
  return {
    id: Number(row.id),
    namespace: row.namespace,
    claim: row.claim,
    request: row.request,
    score: Number(row.score),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
