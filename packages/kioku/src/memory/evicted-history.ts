import type { ModelMessage } from 'ai';
import type { Embedder } from './embedder.js';

/** A piece of an evicted message found by `recallEvicted`. */
export interface EvictedChunk {
  id: number;
  sessionId: string;
  /** The message's index in the session's original history, when it was given. */
  position: number | undefined;
  /** Index of the piece within its message. */
  chunk: number;
  role: ModelMessage['role'];
  text: string;
  /** Cosine **similarity** to the query, in [-1, 1]: higher is closer (not a distance). */
  similarity: number;
  createdAt: Date;
}

/** Input of `EvictedHistory.rememberEvicted`. */
export interface RememberEvictedInput {
  sessionId: string;
  /** The messages a compaction removed from what the model sees. */
  messages: readonly ModelMessage[];
  /**
   * Index of the first of them in the session's original history. With it, remembering the same
   * messages twice stores them once; without it, every call stores its chunks.
   */
  firstPosition?: number;
  abortSignal?: AbortSignal;
}

/** Options of `EvictedHistory.recallEvicted`. */
export interface RecallEvictedOptions {
  /** Only this session's chunks (default: every session's). */
  sessionId?: string;
  /** What to look for: a question, an identifier, a detail. */
  query: string;
  /** At most this many chunks, best first (default 8). */
  k?: number;
  /** Minimum cosine similarity, in [-1, 1] (default: the history's `threshold`). */
  threshold?: number;
  abortSignal?: AbortSignal;
}

/**
 * What compaction removed from sessions, chunked and embedded, so a compacted session can still find an
 * old detail (an IP address seen 300 turns ago, the exact error of a failed query) by similarity.
 */
export interface EvictedHistory {
  readonly embedder: Embedder;
  /** Default recall threshold (cosine similarity in [-1, 1]). */
  readonly threshold: number;
  /** Chunks, embeds and stores evicted messages; returns how many chunks were stored. */
  rememberEvicted(input: RememberEvictedInput): Promise<{ stored: number }>;
  /** The stored chunks most similar to `query`, best first. */
  recallEvicted(options: RecallEvictedOptions): Promise<EvictedChunk[]>;
}
