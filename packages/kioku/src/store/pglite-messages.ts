import type { Results } from '@electric-sql/pglite';

/** What `startPgliteHost` hands its worker thread (`pglite-worker.ts`) as `workerData`. */
export interface PgliteWorkerData {
  /** PGlite's data directory, or `memory://`. */
  dataDir: string;
  /** A data directory (a gzipped tar, the store template) to start a new store from; unzipped in the worker. */
  template?: Uint8Array | undefined;
}

/** A message to the worker; each is answered by one `PgliteReply` with its `id`, in the order sent. */
export type PgliteRequest = { id: number } & PgliteOperation;

/** What a `PgliteRequest` asks. */
export type PgliteOperation =
  | {
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** Types whose values come back as Postgres's text (the caller's parsers run on them). */
      rawTypes: number[];
    }
  /** Registers the `vector` serializer (`registerVectorSerializer`); after the migrations. */
  | { op: 'vector-serializer' }
  | { op: 'close' };

/** The worker's messages: first `ready` or `failed` (the opening), then one answer per request. */
export type PgliteReply =
  | { kind: 'ready' }
  /** PGlite could not open the data directory: its error and the last FATAL/PANIC/ERROR lines of its log. */
  | { kind: 'failed'; message: string; reasons: string[] }
  | { kind: 'result'; id: number; result: Results | undefined }
  /** The query failed: the driver's error, as a message can carry it (Postgres's fields kept). */
  | { kind: 'error'; id: number; error: { name: string; message: string; fields: Record<string, unknown> } }
  /** Postgres hit a PANIC: this and every later request fail (`pglitePanicGuard`). */
  | { kind: 'stopped'; id: number; reason: string };
