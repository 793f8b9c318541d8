import { sql } from 'drizzle-orm';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { rowsOf } from '../store/index.js';
import { checkEmbeddingSpace } from './check-embedding-space.js';
import type { AlertEmbeddingSpace } from './embedding-space-error.js';

type Executor = Pick<DrizzleStore['db'], 'execute'>;

const maxIndexedDimensions = 2000;

/**
 * The embedding space of a store's alerts, kept in one row (`investigator_alert_space`) so that storing an
 * alert checks it in constant time; `undefined` before the first alert is embedded.
 */
export async function readEmbeddingSpace(
  db: Executor,
): Promise<{ embedder: string; dimensions: number } | undefined> {
  const [row] = rowsOf<{ embedder: string; dimensions: number }>(
    await db.execute(sql`select embedder, dimensions from investigator_alert_space where id = 1`),
  );
  return row === undefined ? undefined : { embedder: row.embedder, dimensions: Number(row.dimensions) };
}

/** The store's space with how many alerts are embedded in it, for errors and `reembed`'s report. */
export async function describeEmbeddingSpace(db: Executor): Promise<AlertEmbeddingSpace[]> {
  const space = await readEmbeddingSpace(db);
  if (space === undefined) return [];
  const [row] = rowsOf<{ alerts: number }>(
    await db.execute(
      sql`select count(*)::int as alerts from investigator_alerts where embedding is not null`,
    ),
  );
  return [{ ...space, alerts: Number(row?.alerts ?? 0) }];
}

/**
 * Checks that vectors of `embedder` at `dimensions` may join the store's alerts (throws
 * `EmbeddingSpaceError`), and claims the space when it is still empty, with the HNSW index `similar` uses.
 * Run it in the transaction that stores the vectors.
 */
export async function claimEmbeddingSpace(db: Executor, embedder: string, dimensions: number): Promise<void> {
  const stored = await readEmbeddingSpace(db);
  if (stored === undefined) {
    await db.execute(sql`insert into investigator_alert_space (id, embedder, dimensions)
      values (1, ${embedder}, ${dimensions}) on conflict (id) do nothing`);
    await createSimilarityIndex(db, dimensions);
  }
  const now = stored ?? (await readEmbeddingSpace(db));
  if (now !== undefined && (now.embedder !== embedder || now.dimensions !== dimensions)) {
    checkEmbeddingSpace({ stored: await describeEmbeddingSpace(db), embedder, dimensions });
  }
}

/** Makes `embedder` at `dimensions` the store's space (after `reembed` replaced every vector), with its index. */
export async function replaceEmbeddingSpace(
  db: Executor,
  embedder: string,
  dimensions: number,
): Promise<void> {
  const before = await readEmbeddingSpace(db);
  if (before !== undefined && before.dimensions !== dimensions) {
    await db.execute(sql.raw(`drop index if exists ${similarityIndex(before.dimensions)}`));
  }
  await db.execute(sql`insert into investigator_alert_space (id, embedder, dimensions) values (1, ${embedder}, ${dimensions})
    on conflict (id) do update set embedder = excluded.embedder, dimensions = excluded.dimensions`);
  await createSimilarityIndex(db, dimensions);
}

/**
 * The HNSW index over vectors of one length (pgvector needs a fixed length; the column holds any): an
 * index on `embedding::vector(N)`, partial on that length, which `similar` orders by.
 */
async function createSimilarityIndex(db: Executor, dimensions: number): Promise<void> {
  const n = dimensionsLiteral(dimensions);
  // pgvector's HNSW takes vectors of at most 2,000 dimensions; longer ones are compared by a scan.
  if (n > maxIndexedDimensions) return;
  await db.execute(
    sql.raw(`create index if not exists ${similarityIndex(n)} on investigator_alerts
      using hnsw ((embedding::vector(${n})) vector_cosine_ops) where vector_dims(embedding) = ${n}`),
  );
}

function similarityIndex(dimensions: number): string {
  return `investigator_alerts_embedding_${dimensionsLiteral(dimensions)}_idx`;
}

/** `dimensions` checked to be a whole number, for the SQL that cannot take it as a parameter. */
export function dimensionsLiteral(dimensions: number): number {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 16000) {
    throw new RangeError(`an embedding length must be a whole number from 1 to 16000, found ${dimensions}`);
  }
  return dimensions;
}
