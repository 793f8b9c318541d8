import type { MemoryRecord } from './memory.js';

/**
 * Memories as JSON Lines, one `{"id", "namespace", "claim", "queryText", "score", "createdAt",
 * "updatedAt"}` per line: what `kioku memory export` writes and `kioku memory import` reads back
 * (`queryText` is the request the claim was learned from).
 */
export function formatMemoryExport(memories: readonly MemoryRecord[]): string {
  return memories
    .map(({ id, namespace, claim, request, score, createdAt, updatedAt }) =>
      JSON.stringify({
        id,
        namespace,
        claim,
        queryText: request,
        score,
        createdAt: createdAt.toISOString(),
        updatedAt: updatedAt.toISOString(),
      }),
    )
    .map((line) => `${line}\n`)
    .join('');
}
