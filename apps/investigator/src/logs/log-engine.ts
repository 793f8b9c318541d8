/** One column of a table or of a query result. */
export interface ColumnInfo {
  name: string;
  /** The engine's type name (`VARCHAR`, `BIGINT`, `STRING`, …). */
  type: string;
}

/** A table the log engine can query. */
export interface TableInfo {
  name: string;
  /** What the table holds (the loader's comment), when known. */
  description?: string;
  /** Rows in the table, when the engine knows it without a scan. */
  rowCount?: number;
  columns: ColumnInfo[];
}

/** Limits of one query; each has an engine default. */
export interface QueryOptions {
  /** Rows returned in the first page (default 50). */
  maxRows?: number;
  /** Bytes of JSON rows returned in the first page (default 16,000). */
  maxBytes?: number;
  /** Wall time before the query is interrupted, in milliseconds (default 10,000). */
  timeoutMs?: number;
}

/** What the dry run estimated before the query ran. */
export interface QueryEstimate {
  /** The largest number of rows any step of the plan is expected to produce (DuckDB; BigQuery does not say). */
  rows?: number;
  /** Bytes the query is expected to read or produce (BigQuery: bytes processed, what is billed). */
  bytes: number;
}

/** One page of a query's result. */
export interface QueryResult {
  columns: ColumnInfo[];
  /** The rows of this page, as JSON values keyed by column name. */
  rows: Record<string, unknown>[];
  /** Rows in this page. */
  rowCount: number;
  /** Position of this page's first row in the whole result. */
  offset: number;
  /** True when rows follow this page (fetch them with `page(resultId, …)`, or aggregate instead). */
  hasMore: boolean;
  /** Names the kept result for paging. */
  resultId: string;
  /** Bytes of this page's rows as JSON. */
  bytes: number;
  /** Rows kept for paging; `undefined` when the result was larger than what is kept. */
  totalRows?: number;
  /** Set when the page was capped: how to get the answer without paging through rows. */
  hint?: string;
  /** The dry run's estimate, when one was made. */
  estimate?: QueryEstimate;
}

/**
 * A log store the log-analysis agent queries with SQL: DuckDB embedded (`openDuckDbLogEngine`) or
 * BigQuery (`openBigQueryLogEngine`). Refusals throw a `LogQueryError` whose message is safe to show to
 * the model.
 */
export interface LogEngine {
  /** `duckdb` or `bigquery`: the SQL dialect the model must write. */
  readonly name: string;
  /** The tables with their columns. */
  tables(): Promise<TableInfo[]>;
  /** Runs one read-only statement under the engine's guardrails; returns its first page. */
  query(sql: string, options?: QueryOptions): Promise<QueryResult>;
  /** Another page of a kept result. */
  page(resultId: string, offset: number, limit?: number): Promise<QueryResult>;
  /** Releases the engine (the database file, the client). */
  close(): Promise<void>;
}
