import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// A pgvector column whose dimension is not fixed here: a store takes the dimension of the embedder it is
// first opened with (recorded in kioku_embedding_space), and memory/bind-embedding-space.ts then narrows
// the column to vector(<dimensions>) and builds its HNSW index (cosine). Neither can be in a migration,
// which is the same for every store; they are made once, in the transaction that records the embedder.
const embeddingVector = customType<{ data: number[]; driverData: string }>({
  dataType: () => 'vector',
  toDriver: (value) => `[${value.join(',')}]`,
  fromDriver: (value) => JSON.parse(value) as number[],
});

/** The one embedder whose vectors this store holds (a single row, id 1). */
export const embeddingSpace = pgTable(
  'kioku_embedding_space',
  {
    id: smallint('id').primaryKey().default(1),
    embedder: text('embedder').notNull(),
    dimensions: integer('dimensions').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('kioku_embedding_space_single_row_check', sql`${table.id} = 1`),
    check('kioku_embedding_space_dimensions_check', sql`${table.dimensions} > 0`),
  ],
);

/**
 * Long-term memory: claims learned by introspection, with the request they were learned from and its
 * embedding (recall compares a new request with it), and a score (+1 helpful, −1 harmful). A claim is
 * unique in its namespace by `claim_key` (sha-256 of the normalized claim).
 */
export const memories = pgTable(
  'kioku_memories',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    namespace: text('namespace').notNull(),
    claim: text('claim').notNull(),
    claimKey: text('claim_key').notNull(),
    request: text('request').notNull(),
    embedding: embeddingVector('embedding').notNull(),
    score: integer('score').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('kioku_memories_namespace_claim_key_idx').on(table.namespace, table.claimKey),
    index('kioku_memories_namespace_score_idx').on(table.namespace, table.score),
  ],
);

/**
 * What compaction removed from a session's history, cut in chunks (one per message, long messages in
 * several) and embedded, so an old detail can still be found by similarity. `position` is the message's
 * index in the session's original history when known; a chunk is stored once per (session, position, chunk).
 */
export const evictedChunks = pgTable(
  'kioku_evicted_chunks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: text('session_id').notNull(),
    position: integer('position'),
    chunk: integer('chunk').notNull(),
    role: text('role').notNull(),
    text: text('text').notNull(),
    embedding: embeddingVector('embedding').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('kioku_evicted_chunks_session_idx').on(table.sessionId),
    uniqueIndex('kioku_evicted_chunks_position_idx').on(table.sessionId, table.position, table.chunk),
  ],
);
