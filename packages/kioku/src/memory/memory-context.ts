import type { DrizzleStore } from '../store/index.js';
import type { Embedder } from './embedder.js';

/** Everything the parts of a `Memory` share: its store, embedder, namespace and settings. */
export interface MemoryContext {
  store: DrizzleStore;
  embedder: Embedder;
  namespace: string;
  threshold: number;
  limit: number;
  deleteBelow: number;
  duplicateSimilarity: number;
  duplicateCandidates: number;
  efSearch: number;
}
