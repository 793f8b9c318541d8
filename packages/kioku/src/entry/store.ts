/**
 * kioku/store: where kioku keeps what it must not lose. The store (PGlite embedded, or PostgreSQL through
 * `pg`, both with pgvector), sessions (the full history and its compacted views) and agent memory (claims
 * learned by introspection, recalled by similarity). The only entry point that loads Drizzle (through
 * `store-loader.ts`, which the package's export runs: without `drizzle-orm` the import throws
 * `MissingPackageError`); a store loads its driver (PGlite, or `pg` for a `postgres://` URL) when it
 * opens, `MissingPackageError` if it is not installed. Its types name nothing of Drizzle (they pass `skipLibCheck: false`); the Drizzle side of a store
 * (`db`, transactions, the schema) is `kioku/store/drizzle`.
 *
 * @example
 * import { createSessionStore, openStore } from 'kioku/store';
 * const store = await openStore({ location: 'memory://' });
 *
 * @module kioku/store
 */

// sessions (`ConversationSessions`, the type `conversationSessions` returns, has one home: `kioku`, whose
// middleware takes it)
// errors of this layer
export {
  EmbedderMismatchError,
  EmbeddingDimensionError,
  type EmbeddingSpace,
  IntrospectionError,
  InvalidMemoryInputError,
  InvalidSessionInputError,
  MemoryImportError,
  SessionExistsError,
  StoreError,
  StoreLockedError,
  storageErrorFromDriver,
  UnknownMemoryError,
  UnknownSessionError,
} from '../errors/index.js';
// memory
export {
  type AddManyEntry,
  type AddManyResult,
  type CheckedClaim,
  type ClaimGrounding,
  type ClaimRejection,
  createHashingEmbedder,
  createModelEmbedder,
  type Embedder,
  type EmbedOptions,
  type EvictedChunk,
  type EvictedHistory,
  type FormatPastKnowledgeOptions,
  formatMemoryExport,
  formatPastKnowledge,
  type GuardRejection,
  guardLearnedClaim,
  type HashingEmbedderOptions,
  type IntrospectionReport,
  type IntrospectOptions,
  importMemories,
  introspect,
  isHashingEmbedderId,
  type LearnInput,
  type LearnResult,
  type ListMemoriesOptions,
  type Memory,
  type MemoryImportRecord,
  type MemoryImportResult,
  type MemoryMiddlewareOptions,
  type MemoryRecord,
  type ModelEmbedderOptions,
  memoryMiddleware,
  type OpenEvictedHistoryOptions,
  type OpenMemoryOptions,
  openEvictedHistory,
  openMemory,
  parseMemoryImport,
  type RecallEvictedOptions,
  type RecalledMemory,
  type RecallOptions,
  type RedactionResult,
  type RejectedClaim,
  type RememberEvictedInput,
  readEmbeddingSpace,
  redactSecrets,
  type SecretKind,
  type SubAgentMemoryHooksOptions,
  subAgentMemoryHooks,
} from '../memory/index.js';
export {
  type AppendMessagesInput,
  buildCurrentView,
  type CreateSessionInput,
  type CurrentView,
  conversationSessions,
  createSessionStore,
  findSessionProblems,
  formatSessionExport,
  type ListSessionsOptions,
  type MessageRange,
  originalRange,
  type PruneSessionsOptions,
  type RecordCompactionInput,
  type ResumedSession,
  type ResumeSessionOptions,
  type Session,
  type SessionExport,
  type SessionExportFormat,
  type SessionProblem,
  type SessionStore,
  type SessionView,
} from '../sessions/index.js';

// store (its Drizzle side is `kioku/store/drizzle`, so these declarations name nothing of Drizzle)
// (from the files themselves: the store's barrel also holds the Drizzle side, whose declarations would load)
export { defaultStoreLocation } from '../store/default-store-location.js';
export type { Migration } from '../store/migration.js';
export { migrations } from '../store/migrations/index.js';
export { type OpenStoreOptions, openStore } from '../store/open-store.js';
export type { Store, StoreDriver } from '../store/store.js';

// tool graphs: next-tool prediction kept per agent
export {
  type OpenToolGraphStoreOptions,
  openToolGraphStore,
  type SavedToolGraph,
  type ToolGraphStore,
} from '../tool-graph-store/index.js';
