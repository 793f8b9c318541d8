export { type HnswOptions, readEmbeddingSpace } from './bind-embedding-space.js';
export { type CheckedClaim, type ClaimRejection, checkClaim, maxClaimLength } from './check-claim.js';
export { type ChunkMessagesOptions, chunkMessages, type MessageChunk } from './chunk-messages.js';
export { type ClaimPlan, type ComparableClaim, dedupeClaims } from './dedupe-claims.js';
export {
  type DetectedInstruction,
  detectInstruction,
  type InstructionKind,
  type Obfuscation,
} from './detect-instruction.js';
export type { Embedder, EmbedOptions } from './embedder.js';
export type {
  EvictedChunk,
  EvictedHistory,
  RecallEvictedOptions,
  RememberEvictedInput,
} from './evicted-history.js';
export { formatMemoryExport } from './format-memory-export.js';
export { type FormatPastKnowledgeOptions, formatPastKnowledge } from './format-past-knowledge.js';
export {
  type ClaimGrounding,
  type GuardRejection,
  guardLearnedClaim,
} from './guard-learned-claim.js';
export {
  createHashingEmbedder,
  type HashingEmbedderOptions,
  isHashingEmbedderId,
} from './hashing-embedder.js';
export { type IntrospectionReport, type IntrospectOptions, introspect } from './introspect.js';
export { introspectionPrompt } from './introspection-prompt.js';
export { type Introspection, introspectionSchema } from './introspection-schema.js';
export type {
  AddManyEntry,
  AddManyResult,
  LearnInput,
  LearnResult,
  ListMemoriesOptions,
  Memory,
  MemoryRecord,
  RecalledMemory,
  RecallOptions,
  RejectedClaim,
} from './memory.js';
export {
  importMemories,
  type MemoryImportRecord,
  type MemoryImportResult,
  parseMemoryImport,
} from './memory-import.js';
export { type MemoryMiddlewareOptions, memoryMiddleware } from './memory-middleware.js';
export { createModelEmbedder, type ModelEmbedderOptions } from './model-embedder.js';
export { claimKey, normalizeClaim } from './normalize-claim.js';
export { normalizeMemoryText } from './normalize-memory-text.js';
export { type OpenEvictedHistoryOptions, openEvictedHistory } from './open-evicted-history.js';
export { type OpenMemoryOptions, openMemory } from './open-memory.js';
export { type RedactionResult, redactSecrets, type SecretKind } from './redact-secrets.js';
export { sanitizeMemoryText } from './sanitize-memory-text.js';
export { type SubAgentMemoryHooksOptions, subAgentMemoryHooks } from './sub-agent-memory-hooks.js';
