import { eq, sql } from 'drizzle-orm';
import { EmbedderMismatchError, type EmbeddingSpace } from '../errors/embedder-mismatch-error.js';
import { drizzleStore, storeSchema } from '../store/index.js';
import type { Store } from '../store/store.js';
import type { Embedder } from './embedder.js';

/** HNSW build parameters (pgvector's `m` and `ef_construction`). */
export interface HnswOptions {
  /** Neighbours per node (default 16, pgvector's default). */
  m?: number;
  /** Candidate list size while building (default 64, pgvector's default). */
  efConstruction?: number;
}

const { embeddingSpace } = storeSchema;
// pgvector's HNSW indexes `vector` up to 2,000 dimensions; above, search is exact (a sequential scan).
const maxIndexedDimensions = 2000;
// 'kmem' in ASCII: the first opens of one store take turns recording its embedder.
const bindLock = 0x6b6d656d;

/** The embedding space a store records, or undefined when no embedder has opened its memory yet. */
export async function readEmbeddingSpace(store: Store): Promise<EmbeddingSpace | undefined> {
  const [row] = await drizzleStore(store)
    .db.select({ embedder: embeddingSpace.embedder, dimensions: embeddingSpace.dimensions })
    .from(embeddingSpace)
    .where(eq(embeddingSpace.id, 1));
  return row;
}

/**
 * Makes sure the store's vectors are `embedder`'s: the first time, records its id and dimension, narrows
 * the embedding columns to `vector(<dimensions>)` and builds their HNSW indexes (cosine), all in one
 * transaction; afterwards, throws `EmbedderMismatchError` when `embedder` is another one.
 */
export async function bindEmbeddingSpace(
  store: Store,
  embedder: Embedder,
  { m = 16, efConstruction = 64 }: HnswOptions = {},
): Promise<void> {
  const given = { embedder: embedder.id, dimensions: embedder.dimensions };
  const check = (stored: EmbeddingSpace) => {
    if (stored.embedder !== given.embedder || stored.dimensions !== given.dimensions) {
      throw new EmbedderMismatchError({ location: store.location, stored, given });
    }
  };
  const recorded = await readEmbeddingSpace(store);
  if (recorded !== undefined) return check(recorded);
  await drizzleStore(store).transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${bindLock})`);
    const [raced] = await tx
      .select({ embedder: embeddingSpace.embedder, dimensions: embeddingSpace.dimensions })
      .from(embeddingSpace)
      .where(eq(embeddingSpace.id, 1));
    if (raced !== undefined) return check(raced);
    await tx.insert(embeddingSpace).values({ id: 1, ...given });
    const dimensions = Math.trunc(given.dimensions);
    for (const table of ['kioku_memories', 'kioku_evicted_chunks']) {
      await tx.execute(sql.raw(`alter table ${table} alter column embedding type vector(${dimensions})`));
      if (dimensions <= maxIndexedDimensions) {
        await tx.execute(
          sql.raw(
            `create index ${table}_embedding_hnsw_idx on ${table} using hnsw (embedding vector_cosine_ops) ` +
              `with (m = ${Math.trunc(m)}, ef_construction = ${Math.trunc(efConstruction)})`,
          ),
        );
      }
    }
  });
}
