/**
 * kioku/store: where kioku keeps what it must not lose. The store (PGlite embedded, or PostgreSQL through
 * `pg`, both with pgvector), sessions (the full history and its compacted views) and agent memory (claims
 * learned by introspection, recalled by similarity). The only entry point that loads PGlite, Drizzle and
 * `pg`.
 *
 * @example
 * import { createSessionStore, openStore } from 'kioku/store';
 * const store = await openStore({ location: 'memory://' });
 */

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
  type HashingEmbedderOptions,
  type IntrospectionReport,
  type IntrospectOptions,
  importMemories,
  introspect,
  isHashingEmbedderId,
  type KiokuMemoryMiddlewareOptions,
  kiokuMemoryMiddleware,
  type LearnInput,
  type LearnResult,
  type ListMemoriesOptions,
  type Memory,
  type MemoryImportRecord,
  type MemoryImportResult,
  type MemoryRecord,
  type ModelEmbedderOptions,
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

// sessions
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
  type RecordCompactionInput,
  type Session,
  type SessionExport,
  type SessionExportFormat,
  type SessionProblem,
  type SessionStore,
  type SessionView,
} from '../sessions/index.js';

// store
export {
  defaultStoreLocation,
  type MigrateStoreOptions,
  type Migration,
  migrateStore,
  migrations,
  type OpenStoreOptions,
  openStore,
  type Store,
  type StoreDatabase,
  type StoreDriver,
  type StoreSchema,
  type StoreTransaction,
  type StoreTransactionConfig,
  storeFromDatabase,
  storeSchema,
} from '../store/index.js';

// tool graphs: next-tool prediction kept per agent
export {
  type OpenToolGraphStoreOptions,
  openToolGraphStore,
  type SavedToolGraph,
  type ToolGraphStore,
} from '../tool-graph-store/index.js';
