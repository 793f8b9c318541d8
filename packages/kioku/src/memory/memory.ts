import type { ClaimRejection } from './check-claim.js';
import type { Embedder } from './embedder.js';
import type { GuardRejection } from './guard-learned-claim.js';
import type { RedactionResult } from './redact-secrets.js';

/** One stored memory. */
export interface MemoryRecord {
  id: number;
  namespace: string;
  /** The knowledge, secrets redacted. */
  claim: string;
  /** The request of the run it was learned from; recall compares new requests with it. */
  request: string;
  /** +1 per run it helped, −1 per run it harmed; deleted below the memory's `deleteBelow`. */
  score: number;
  createdAt: Date;
  /** Last time it was scored or learned again. */
  updatedAt: Date;
}

/** A memory found by `recall`, with how close its request is to the new one. */
export interface RecalledMemory extends MemoryRecord {
  /**
   * Cosine **similarity** (not distance) between the new request's embedding and the memory's request
   * embedding: in [-1, 1], higher is closer, 1 is the same direction.
   */
  similarity: number;
}

/** Options of `Memory.recall`. */
export interface RecallOptions {
  /** The new request (the task the agent is about to work on). */
  request: string;
  /**
   * Keep memories whose cosine similarity is at least this (in [-1, 1], higher is closer). Default:
   * the memory's `threshold`.
   */
  threshold?: number;
  /** At most this many, best first (default 32). */
  limit?: number;
  abortSignal?: AbortSignal;
}

/** Input of `Memory.learn`: what one run taught, written in one transaction. */
export interface LearnInput {
  /** The request of the run; its embedding is stored with every new claim. */
  request: string;
  /** Reusable knowledge; each is checked (instructions refused, secrets redacted) and deduplicated. */
  claims?: readonly string[];
  /** Memories that helped the run: score +1 each. */
  helpfulMemoryIds?: readonly number[];
  /** Memories that harmed the run: score −1 each, deleted once below `deleteBelow`. */
  harmfulMemoryIds?: readonly number[];
  /** Score of new claims (default 0). */
  initialScore?: number;
  abortSignal?: AbortSignal;
}

/** A claim that was not stored, and why. */
export type RejectedClaim = { claim: string } & (ClaimRejection | GuardRejection);

/** What `Memory.learn` wrote. */
export interface LearnResult {
  /** New memories. */
  stored: (MemoryRecord & { redactions: RedactionResult['redactions'] })[];
  /** Claims that near-duplicated a memory: `into` is that memory after the merge. */
  merged: { claim: string; into: MemoryRecord; similarity: number }[];
  rejected: RejectedClaim[];
  /** New scores of the memories scored. */
  scored: { id: number; score: number }[];
  /** Memories deleted because their score fell below `deleteBelow`. */
  deleted: number[];
  /** Scored ids that no longer exist in the namespace (deleted meanwhile): nothing was done for them. */
  missing: number[];
}

/** One claim for `Memory.addMany`. */
export interface AddManyEntry {
  claim: string;
  /** The request the claim is useful for; recall compares new requests with it. */
  request: string;
  /** The request's embedding, when already computed (else the memory's embedder computes it). */
  embedding?: readonly number[];
  /** Score to start from (default 0). */
  score?: number;
}

/** What `Memory.addMany` did. */
export interface AddManyResult {
  stored: number;
  /** Entries whose normalized claim was already stored (or repeated in the input): merged, higher score kept. */
  merged: number;
  /** Refused entries, by index in the input. */
  rejected: (RejectedClaim & { index: number })[];
}

/** Options of `Memory.list`. */
export interface ListMemoriesOptions {
  /** At most this many (default: all). */
  limit?: number;
  /** Skip this many first (default 0). */
  offset?: number;
  /** `'score'`: highest score first; `'updated'` (default): most recently updated first. */
  orderBy?: 'score' | 'updated';
}

/**
 * An agent's long-term memory in one namespace of a store: claims learned after runs, recalled by the
 * similarity of a new request to the requests they were learned from, and scored by later runs.
 */
export interface Memory {
  readonly namespace: string;
  readonly embedder: Embedder;
  /** Default recall threshold (cosine similarity in [-1, 1]). */
  readonly threshold: number;
  /** Memories whose score falls below this are deleted when scored. */
  readonly deleteBelow: number;
  /** Memories whose request is similar to `request`, best first. */
  recall(options: RecallOptions): Promise<RecalledMemory[]>;
  /** Stores claims and applies scores in one transaction (see {@link LearnInput}). */
  learn(input: LearnInput): Promise<LearnResult>;
  /**
   * Stores many claims at once, in batches of 500 (each one statement): for imports and bulk loads.
   * Claims are checked as in `learn` (instructions refused, secrets redacted), but only exact duplicates
   * (equal normalized text) are merged; `learn` also looks for near-duplicates.
   */
  addMany(
    entries: readonly AddManyEntry[],
    options?: { abortSignal?: AbortSignal; onBatch?: (added: number) => void },
  ): Promise<AddManyResult>;
  /**
   * Adds `helpful` +1 and `harmful` −1 in one transaction, in SQL (`score = score + 1`), so concurrent
   * runs never lose an update; deletes the harmful ones that fall below `deleteBelow`.
   */
  score(input: { helpful?: readonly number[]; harmful?: readonly number[] }): Promise<LearnResult>;
  /** Throws `UnknownMemoryError` when the namespace has no such memory. */
  get(id: number): Promise<MemoryRecord>;
  list(options?: ListMemoriesOptions): Promise<MemoryRecord[]>;
  count(): Promise<number>;
  /** Deletes one memory; false when there was none. */
  delete(id: number): Promise<boolean>;
  /** Deletes the memories scored below `below` (default: `deleteBelow`); returns their ids. */
  prune(options?: { below?: number }): Promise<number[]>;
}
