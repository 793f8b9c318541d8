import { sql } from 'drizzle-orm';
import { InvalidMemoryInputError } from '../errors/invalid-memory-input-error.js';
import { UnknownMemoryError } from '../errors/unknown-memory-error.js';
import { drizzleStore } from '../store/index.js';
import type { Store } from '../store/store.js';
import { addMany } from './add-many.js';
import { analyzeIfStale } from './analyze-if-stale.js';
import { applyScores } from './apply-scores.js';
import { bindEmbeddingSpace, type HnswOptions } from './bind-embedding-space.js';
import type { Embedder } from './embedder.js';
import { checkIds, learnMemories } from './learn-memories.js';
import type { Memory } from './memory.js';
import type { MemoryContext } from './memory-context.js';
import { type MemoryRow, memoryColumns, memoryFromRow } from './memory-row.js';
import { checkLimit, checkThreshold, recallMemories } from './recall-memories.js';
import { queryRows } from './sql-values.js';

/** Options of {@link openMemory}. */
export interface OpenMemoryOptions {
  /** An open store (`openStore`): PGlite or PostgreSQL. */
  store: Store;
  /** Embeds requests and claims; the store keeps the first embedder's id and dimension and refuses others. */
  embedder: Embedder;
  /** Memories of different agents or tenants are kept apart by namespace (default `'default'`). */
  namespace?: string;
  /**
   * Default recall threshold, a cosine **similarity** in [-1, 1] (higher is closer). Default 0.25 for a
   * lexical embedder (the hashing embedder puts paraphrases of one request at about 0.3–0.6), 0.5 for a
   * semantic one. Tune it on your own requests.
   */
  threshold?: number;
  /** Default maximum number of memories recalled (default 32). */
  limit?: number;
  /** Memories whose score falls below this are deleted (default −3: deleted at −4). */
  deleteBelow?: number;
  /**
   * Two claims are near-duplicates, and merged instead of stored twice, when their normalized texts are
   * equal or the cosine similarity of their embeddings is at least this (default 0.95).
   */
  duplicateSimilarity?: number;
  /**
   * A new claim is compared with the claims of this many memories, those learned from the requests most
   * similar to its own (default 32). Near-duplicates learned from unrelated requests are not looked for,
   * except for equal normalized texts, which the database refuses to store twice in a namespace.
   */
  duplicateCandidates?: number;
  /** HNSW search breadth, pgvector's `hnsw.ef_search` (default 100; at least `limit`). */
  efSearch?: number;
  /** HNSW build parameters, used once: when the store's vector index is created. */
  hnsw?: HnswOptions;
}

/**
 * Opens an agent's long-term memory in `store`: recall of past knowledge by similarity of requests,
 * learning from runs (see `introspect`), scoring. The first open records the embedder (id and dimension)
 * in the store and builds the vector indexes; opening with another embedder throws
 * `EmbedderMismatchError`.
 *
 * @example
 * const store = await openStore({ location: './.kioku' });
 * const memory = await openMemory({ store, embedder: createHashingEmbedder(), namespace: 'investigator' });
 * const recalled = await memory.recall({ request: 'failed sign-ins for alice yesterday' });
 * const system = `${basePrompt}\n\n${formatPastKnowledge(recalled)}`;
 */
export async function openMemory({
  store: given,
  embedder,
  namespace = 'default',
  threshold = embedder.kind === 'lexical' ? 0.25 : 0.5,
  limit = 32,
  deleteBelow = -3,
  duplicateSimilarity = 0.95,
  duplicateCandidates = 32,
  efSearch = 100,
  hnsw = {},
}: OpenMemoryOptions): Promise<Memory> {
  if (namespace.trim() === '') {
    throw new InvalidMemoryInputError({ field: 'namespace', expected: 'a non-empty name', found: "''" });
  }
  checkThreshold(threshold);
  checkThreshold(duplicateSimilarity, 'duplicateSimilarity');
  checkLimit(limit);
  checkLimit(duplicateCandidates, 'duplicateCandidates');
  checkCount('efSearch', efSearch, 1, 1000);
  checkCount('hnsw.m', hnsw.m ?? 16, 2, 100);
  checkCount('hnsw.efConstruction', hnsw.efConstruction ?? 64, 4, 1000);
  if (!Number.isSafeInteger(deleteBelow)) {
    throw new InvalidMemoryInputError({
      field: 'deleteBelow',
      expected: 'an integer',
      found: String(deleteBelow),
    });
  }
  const store = drizzleStore(given);
  await bindEmbeddingSpace(store, embedder, hnsw);
  await analyzeIfStale(store, 'kioku_memories');
  const context: MemoryContext = {
    store,
    embedder,
    namespace,
    threshold,
    limit,
    deleteBelow,
    duplicateSimilarity,
    duplicateCandidates,
    efSearch,
  };
  const select = sql.raw(memoryColumns);

  return {
    namespace,
    embedder,
    threshold,
    deleteBelow,
    recall: (options) => recallMemories(context, options),
    learn: (input) => learnMemories(context, input),
    addMany: (entries, options) => addMany(context, entries, options),
    async score({ helpful = [], harmful = [] }) {
      checkIds('helpful', helpful);
      checkIds('harmful', harmful);
      const changes = await applyScores(store.db, { namespace, helpful, harmful, deleteBelow });
      return { stored: [], merged: [], rejected: [], ...changes };
    },
    async get(id) {
      checkIds('id', [id]);
      const [row] = await queryRows<MemoryRow>(
        store.db,
        sql`select ${select} from kioku_memories where id = ${id} and namespace = ${namespace}`,
      );
      if (row === undefined)
        throw new UnknownMemoryError({ memoryId: id, namespace, location: store.location });
      return memoryFromRow(row);
    },
    async list({ limit: count, offset = 0, orderBy = 'updated' } = {}) {
      if (count !== undefined) checkLimit(count);
      checkLimit(offset, 'offset');
      const order = orderBy === 'score' ? sql`score desc, id` : sql`updated_at desc, id desc`;
      const rows = await queryRows<MemoryRow>(
        store.db,
        sql`select ${select} from kioku_memories where namespace = ${namespace} order by ${order}
          ${count === undefined ? sql`` : sql`limit ${count}`} offset ${offset}`,
      );
      return rows.map(memoryFromRow);
    },
    async count() {
      const [row] = await queryRows<{ count: number | string }>(
        store.db,
        sql`select count(*) as count from kioku_memories where namespace = ${namespace}`,
      );
      return Number(row?.count ?? 0);
    },
    async delete(id) {
      checkIds('id', [id]);
      const rows = await queryRows(
        store.db,
        sql`delete from kioku_memories where id = ${id} and namespace = ${namespace} returning id`,
      );
      return rows.length > 0;
    },
    async prune({ below = deleteBelow } = {}) {
      if (!Number.isSafeInteger(below)) {
        throw new InvalidMemoryInputError({ field: 'below', expected: 'an integer', found: String(below) });
      }
      const rows = await queryRows<{ id: number | string }>(
        store.db,
        sql`delete from kioku_memories where namespace = ${namespace} and score < ${below} returning id`,
      );
      return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    },
  };
}

function checkCount(field: string, value: number, min: number, max: number): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new InvalidMemoryInputError({
      field,
      expected: `an integer from ${min} to ${max}`,
      found: String(value),
    });
  }
}
