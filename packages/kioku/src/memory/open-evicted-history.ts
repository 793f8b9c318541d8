import type { ModelMessage } from 'ai';
import { type SQL, sql } from 'drizzle-orm';
import { InvalidMemoryInputError } from '../errors/invalid-memory-input-error.js';
import { drizzleStore } from '../store/index.js';
import type { Store } from '../store/store.js';
import { analyzeIfStale } from './analyze-if-stale.js';
import { bindEmbeddingSpace, type HnswOptions } from './bind-embedding-space.js';
import { type ChunkMessagesOptions, chunkMessages } from './chunk-messages.js';
import type { Embedder } from './embedder.js';
import type { EvictedChunk, EvictedHistory } from './evicted-history.js';
import { checkLimit, checkThreshold } from './recall-memories.js';
import { sanitizeMemoryText } from './sanitize-memory-text.js';
import { searchNearest } from './search-nearest.js';
import { queryRows } from './sql-values.js';

/** Options of {@link openEvictedHistory}. */
export interface OpenEvictedHistoryOptions {
  store: Store;
  /** The store's embedder (the same one as its memory: a store holds one embedding space). */
  embedder: Embedder;
  /**
   * Default minimum cosine similarity of `recallEvicted` (default 0.05 for a lexical embedder, 0.3 for a
   * semantic one). A short query is far from a long chunk even when the chunk holds what it names: with
   * the hashing embedder, a 1,000-character chunk of tool output that contains the queried address
   * scores about 0.1. Ranking, and `k`, do most of the work.
   */
  threshold?: number;
  /** How messages are cut (`maxCharacters` default 1,000, `overlap` 100). */
  chunking?: Omit<ChunkMessagesOptions, 'firstPosition'>;
  /** HNSW search breadth (default 100). */
  efSearch?: number;
  /** HNSW build parameters, used once: when the store's vector index is created. */
  hnsw?: HnswOptions;
}

interface ChunkRow {
  id: number | string;
  session_id: string;
  position: number | null;
  chunk: number;
  role: ModelMessage['role'];
  text: string;
  created_at: string | Date;
}

// 6 parameters a row; Postgres takes at most 65,535 per statement.
const insertBatch = 1000;

/**
 * Opens the store of evicted history: give it what a compaction removes, and a compacted session can
 * still find an old detail by similarity. Chunks are stored sanitized (see `sanitizeMemoryText`: secrets
 * redacted, invisible characters dropped).
 *
 * @example
 * const evicted = await openEvictedHistory({ store, embedder: createHashingEmbedder() });
 * await evicted.rememberEvicted({ sessionId, messages: removed, firstPosition: 0 });
 * const found = await evicted.recallEvicted({ sessionId, query: 'which IP did the first login come from?' });
 */
export async function openEvictedHistory({
  store: given,
  embedder,
  threshold = embedder.kind === 'lexical' ? 0.05 : 0.3,
  chunking = {},
  efSearch = 100,
  hnsw = {},
}: OpenEvictedHistoryOptions): Promise<EvictedHistory> {
  checkThreshold(threshold);
  const store = drizzleStore(given);
  await bindEmbeddingSpace(store, embedder, hnsw);
  await analyzeIfStale(store, 'kioku_evicted_chunks');
  return {
    embedder,
    threshold,
    async rememberEvicted({ sessionId, messages, firstPosition, abortSignal }) {
      if (sessionId.trim() === '') {
        throw new InvalidMemoryInputError({ field: 'sessionId', expected: 'a session id', found: "''" });
      }
      if (firstPosition !== undefined && (!Number.isSafeInteger(firstPosition) || firstPosition < 0)) {
        throw new InvalidMemoryInputError({
          field: 'firstPosition',
          expected: 'a non-negative integer',
          found: String(firstPosition),
        });
      }
      // Evicted tool output holds whatever the tools printed: secrets are redacted (and invisible
      // characters dropped) before anything is embedded or stored.
      const chunks = chunkMessages(messages, { ...chunking, firstPosition: firstPosition ?? 0 })
        .map((chunk) => ({ ...chunk, text: sanitizeMemoryText(chunk.text).text }))
        .filter((chunk) => chunk.text !== '');
      if (chunks.length === 0) return { stored: 0 };
      const embeddings = await embedder.embed(
        chunks.map((chunk) => chunk.text),
        abortSignal === undefined ? {} : { abortSignal },
      );
      return store.transaction(async (tx) => {
        let stored = 0;
        for (let start = 0; start < chunks.length; start += insertBatch) {
          const values: SQL[] = chunks.slice(start, start + insertBatch).map((chunk, offset) => {
            const position = firstPosition === undefined ? null : chunk.position;
            return sql`(${sessionId}, ${position}, ${chunk.chunk}, ${chunk.role}, ${chunk.text}, ${store.vectorParam(embeddings[start + offset] ?? [])})`;
          });
          const rows = await queryRows(
            tx,
            sql`insert into kioku_evicted_chunks (session_id, position, chunk, role, text, embedding)
              values ${sql.join(values, sql`, `)}
              on conflict (session_id, position, chunk) do nothing
              returning id`,
          );
          stored += rows.length;
        }
        return { stored };
      });
    },
    async recallEvicted({ sessionId, query, k = 8, threshold: minimum = threshold, abortSignal }) {
      checkLimit(k, 'k');
      checkThreshold(minimum);
      if (query.trim() === '' || k === 0) return [];
      // The embedder may be a provider's service: it gets the query without its secrets.
      const [embedding] = await embedder.embed(
        [sanitizeMemoryText(query).text],
        abortSignal === undefined ? {} : { abortSignal },
      );
      const rows = await searchNearest<ChunkRow>(store, {
        table: 'kioku_evicted_chunks',
        columns: 'id, session_id, position, chunk, role, text, created_at',
        where: sessionId === undefined ? undefined : sql`session_id = ${sessionId}`,
        query: store.vectorParam(embedding ?? []),
        threshold: minimum,
        limit: k,
        efSearch,
      });
      return rows.map(
        (row): EvictedChunk => ({
          id: Number(row.id),
          sessionId: row.session_id,
          position: row.position === null ? undefined : Number(row.position),
          chunk: Number(row.chunk),
          role: row.role,
          text: row.text,
          similarity: row.similarity,
          createdAt: new Date(row.created_at),
        }),
      );
    },
  };
}
