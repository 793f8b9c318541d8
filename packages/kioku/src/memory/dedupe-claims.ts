import { cosineSimilarity } from 'ai';

/** A claim about to be stored, or one already stored, with what near-duplicate detection compares. */
export interface ComparableClaim {
  /** sha-256 of the normalized claim (see `claimKey`). */
  key: string;
  /** The claim's embedding (not its request's). */
  embedding: readonly number[];
}

/** What to do with one new claim. */
export type ClaimPlan =
  | { action: 'insert' }
  | { action: 'merge'; into: number; similarity: number }
  | { action: 'skip'; sameAs: number; similarity: number };

/**
 * Decides, for each new claim, whether it is new, a near-duplicate of a stored memory (merge into it)
 * or of an earlier claim of the same batch (skip it). Two claims are near-duplicates when their
 * normalized texts are equal (same `key`) or the cosine similarity of their embeddings is at least
 * `minSimilarity`. A stored memory wins over a batch sibling; the most similar stored memory wins.
 */
export function dedupeClaims({
  claims,
  stored,
  minSimilarity,
}: {
  claims: readonly ComparableClaim[];
  stored: readonly (ComparableClaim & { id: number })[];
  minSimilarity: number;
}): ClaimPlan[] {
  const similarity = (a: ComparableClaim, b: ComparableClaim) =>
    a.key === b.key ? 1 : cosineSimilarity([...a.embedding], [...b.embedding]);
  return claims.map((claim, index) => {
    let best: { id: number; similarity: number } | undefined;
    for (const memory of stored) {
      const value = similarity(claim, memory);
      if (value >= minSimilarity && (best === undefined || value > best.similarity)) {
        best = { id: memory.id, similarity: value };
      }
    }
    if (best !== undefined) return { action: 'merge', into: best.id, similarity: best.similarity };
    for (let earlier = 0; earlier < index; earlier++) {
      const value = similarity(claim, claims[earlier] as ComparableClaim);
      if (value >= minSimilarity) return { action: 'skip', sameAs: earlier, similarity: value };
    }
    return { action: 'insert' };
  });
}
