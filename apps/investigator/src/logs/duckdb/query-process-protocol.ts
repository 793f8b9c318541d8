import type { ColumnInfo, QueryEstimate, TableInfo } from '../log-engine.js';
import type { LogQueryRefusal } from '../log-query-error.js';

/** What the query process needs to open the database (its first message). */
export interface OpenMessage {
  type: 'open';
  file: string;
  /** `duckDbGuardSettings(…)`. */
  settings: Record<string, string>;
  maxEstimatedRows: number;
  maxEstimatedBytes: number;
  maxKeptRows: number;
  maxKeptBytes: number;
}

/** One query: the full statement, and the SELECT it runs (the statement itself, or what EXPLAIN explains). */
export interface QueryMessage {
  type: 'query';
  id: number;
  sql: string;
  select: string;
  /** `'explain'` (plans only), `'explain-analyze'` (runs `select`) or `'select'`. */
  kind: 'select' | 'explain' | 'explain-analyze';
}

/** Messages to the query process. */
export type ToQueryProcess =
  | OpenMessage
  | QueryMessage
  | { type: 'tables'; id: number }
  | { type: 'interrupt' };

/** A refusal or engine error as it crosses the process boundary. */
export interface RefusalData {
  reason: LogQueryRefusal;
  message: string;
  estimate?: QueryEstimate;
}

/** A result as fetched, before paging. */
export interface FetchedRows {
  columns: ColumnInfo[];
  rows: Record<string, unknown>[];
  complete: boolean;
  estimate?: QueryEstimate;
}

/** Messages from the query process. */
export type FromQueryProcess =
  | { type: 'ready' }
  | { type: 'open-failed'; error: RefusalData }
  | { type: 'reply'; id: number; value: FetchedRows | TableInfo[] }
  /** `discard`: the engine's configuration changed; the process must not be used again. */
  | { type: 'error'; id: number; error: RefusalData; discard?: boolean };

/** Thrown inside the query process; turned into a `LogQueryError` by the engine. */
export class RefusedQuery extends Error {
  readonly reason: LogQueryRefusal;
  readonly estimate?: QueryEstimate;

  constructor({ reason, message, estimate }: RefusalData) {
    super(message);
    this.reason = reason;
    if (estimate !== undefined) this.estimate = estimate;
  }
}
