/**
 * What `import 'kioku/store'` runs (its types are `store.d.ts`'): loads the store entry, whose modules
 * import `drizzle-orm` statically, with a dynamic import, so that when that optional peer is not
 * installed the import fails with a `MissingPackageError` naming it and the command that installs it,
 * not Node's bare ERR_MODULE_NOT_FOUND. A store's driver loads later, when it opens.
 */
import { importOptional } from '../store/import-optional.js';
import type * as StoreEntry from './store.js';

const entry: typeof StoreEntry = await importOptional({
  load: () => import('./store.js'),
  packages: ['drizzle-orm'],
  neededFor: 'kioku/store',
});

/** The values of `kioku/store` (see `store.ts`); a test checks that none is left out. */
export const {
  buildCurrentView,
  conversationSessions,
  createHashingEmbedder,
  createModelEmbedder,
  createSessionStore,
  defaultStoreLocation,
  EmbedderMismatchError,
  EmbeddingDimensionError,
  findSessionProblems,
  formatMemoryExport,
  formatPastKnowledge,
  formatSessionExport,
  guardLearnedClaim,
  importMemories,
  introspect,
  IntrospectionError,
  InvalidMemoryInputError,
  InvalidSessionInputError,
  isHashingEmbedderId,
  memoryMiddleware,
  MemoryImportError,
  migrations,
  openEvictedHistory,
  openMemory,
  openStore,
  openToolGraphStore,
  originalRange,
  parseMemoryImport,
  readEmbeddingSpace,
  redactSecrets,
  SessionExistsError,
  storageErrorFromDriver,
  StoreError,
  StoreLockedError,
  subAgentMemoryHooks,
  UnknownMemoryError,
  UnknownSessionError,
} = entry;
