import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type BigQueryField, type BigQueryRow, bigQueryRows } from './bigquery-rows.js';
import { checkReadOnlyText } from './check-read-only-text.js';
import { countStatements } from './count-statements.js';
import { type BigQueryClientOptions, createBigQueryClient } from './create-bigquery-client.js';
import { createResultPages } from './create-result-pages.js';
import type { ColumnInfo, LogEngine, QueryOptions, TableInfo } from './log-engine.js';
import { LogQueryError } from './log-query-error.js';

/** Options of {@link openBigQueryLogEngine}: where and as whom (`projectId` runs and pays for the queries), and the limits. */
export interface BigQueryLogEngineOptions extends BigQueryClientOptions {
  /** The dataset holding the log tables; unqualified table names resolve in it. */
  dataset: string;
  /**
   * Required: the most bytes one query may bill. The dry run refuses a query estimated above it, and the
   * real run carries it as `maxBytesBilled`, so BigQuery itself fails a query that would bill more.
   */
  maxBytesBilled: number;
  /** Default rows of a first page (default 50). */
  maxRows?: number;
  /** Default JSON bytes of a page (default 16,000). */
  maxBytes?: number;
  /** Default wall time of a query before its job is cancelled (default 30,000 ms). */
  timeoutMs?: number;
  /** Rows of a result kept for paging (default 5,000). */
  maxKeptRows?: number;
  /** Wait between polls of an unfinished job (default 500 ms). */
  pollMs?: number;
}

interface QueryResponse {
  jobComplete?: boolean;
  jobReference?: { projectId?: string; jobId?: string; location?: string };
  schema?: { fields?: BigQueryField[] };
  rows?: BigQueryRow[];
  pageToken?: string;
  totalRows?: string;
  totalBytesProcessed?: string;
}

const pageSize = 1000;

/**
 * Opens a BigQuery dataset as a log engine, for scale. Guardrails: one SELECT or WITH statement (a script
 * of several is refused before it reaches BigQuery), a dry run through `jobs.query` first whose bytes
 * processed must stay under `maxBytesBilled` (the estimate is returned when refused), the real run with
 * `maximumBytesBilled` set, its job cancelled past the time limit, and results kept for paging and
 * returned capped by rows and bytes. Give the service account read-only roles on the dataset as well.
 *
 * @example
 * const engine = await openBigQueryLogEngine({ projectId: 'acme-soc', dataset: 'security_logs', maxBytesBilled: 10 * 1024 ** 3 });
 */
export async function openBigQueryLogEngine({
  dataset,
  maxBytesBilled,
  maxRows = 50,
  maxBytes = 16_000,
  timeoutMs = 30_000,
  maxKeptRows = 5_000,
  pollMs = 500,
  ...connection
}: BigQueryLogEngineOptions): Promise<LogEngine> {
  if (!Number.isSafeInteger(maxBytesBilled) || maxBytesBilled < 1) {
    throw new LogQueryError({
      reason: 'failed',
      message: `maxBytesBilled must be a whole number of bytes of at least 1, got ${maxBytesBilled}`,
    });
  }
  const { projectId, location } = connection;
  const client = createBigQueryClient(connection);
  const request = <T>(options: {
    method: string;
    uri: string;
    json?: unknown;
    qs?: Record<string, unknown>;
  }) =>
    new Promise<T>((resolve, reject) => {
      client.request(options, (error: Error | null, body: unknown) =>
        error ? reject(error) : resolve(body as T),
      );
    });
  const defaultDataset = { projectId, datasetId: dataset };
  const pages = createResultPages({ maxRows, maxBytes });

  const jobResults = (job: { jobId: string; location?: string }, qs: Record<string, unknown>) =>
    request<QueryResponse>({
      method: 'GET',
      uri: `/queries/${encodeURIComponent(job.jobId)}`,
      qs: { ...(job.location === undefined ? {} : { location: job.location }), ...qs },
    });

  return {
    name: 'bigquery',
    async tables() {
      const list = await request<{ tables?: { tableReference: { tableId: string } }[] }>({
        method: 'GET',
        uri: `/datasets/${encodeURIComponent(dataset)}/tables`,
        qs: { maxResults: 1000 },
      });
      const tables: TableInfo[] = [];
      for (const entry of list.tables ?? []) {
        const table = await request<{
          description?: string;
          numRows?: string;
          schema?: { fields?: BigQueryField[] };
        }>({
          method: 'GET',
          uri: `/datasets/${encodeURIComponent(dataset)}/tables/${encodeURIComponent(entry.tableReference.tableId)}`,
        });
        tables.push({
          name: entry.tableReference.tableId,
          ...(table.description === undefined ? {} : { description: table.description }),
          ...(table.numRows === undefined ? {} : { rowCount: Number(table.numRows) }),
          columns: columnsOf(table.schema?.fields ?? []),
        });
      }
      return tables;
    },
    async query(sql, options: QueryOptions = {}) {
      const limits = { maxRows, maxBytes, timeoutMs, ...options };
      const deadline = Date.now() + limits.timeoutMs;
      const text = checkReadOnlyText(sql);
      if (text.keyword !== 'SELECT' && text.keyword !== 'WITH') {
        throw new LogQueryError({
          reason: 'not-read-only',
          message: `refused: BigQuery queries must begin with SELECT or WITH, found ${text.keyword}.`,
        });
      }
      const statements = countStatements(sql);
      if (statements !== 1) {
        throw new LogQueryError({
          reason: 'multiple-statements',
          message: `refused: send exactly one statement, found ${statements}.`,
        });
      }
      const base = {
        query: sql,
        useLegacySql: false,
        defaultDataset,
        ...(location === undefined ? {} : { location }),
      };
      try {
        const dry = await request<QueryResponse>({
          method: 'POST',
          uri: '/queries',
          json: { ...base, dryRun: true },
        });
        const estimate = { bytes: Number(dry.totalBytesProcessed ?? 0) };
        if (estimate.bytes > maxBytesBilled) {
          throw new LogQueryError({
            reason: 'over-budget',
            estimate,
            message: `refused before running: the dry run says it would process ${estimate.bytes.toLocaleString('en')} bytes, over the limit of ${maxBytesBilled.toLocaleString('en')}. Select fewer columns and filter on the partition or time column.`,
          });
        }
        let response = await request<QueryResponse>({
          method: 'POST',
          uri: '/queries',
          json: {
            ...base,
            maximumBytesBilled: String(maxBytesBilled),
            maxResults: pageSize,
            timeoutMs: Math.max(1, Math.min(10_000, deadline - Date.now())),
            formatOptions: { useInt64Timestamp: true },
            requestId: randomUUID(),
          },
        });
        const job = {
          jobId: response.jobReference?.jobId ?? '',
          ...(response.jobReference?.location === undefined
            ? {}
            : { location: response.jobReference.location }),
        };
        while (response.jobComplete !== true) {
          if (Date.now() >= deadline) {
            await request({
              method: 'POST',
              uri: `/jobs/${encodeURIComponent(job.jobId)}/cancel`,
              qs: job.location ? { location: job.location } : {},
            }).catch(() => undefined);
            throw new LogQueryError({
              reason: 'timeout',
              message: `the query ran past ${limits.timeoutMs} ms and its job was cancelled. Filter on the partition or time column first, or aggregate.`,
            });
          }
          await sleep(pollMs);
          response = await jobResults(job, {
            maxResults: pageSize,
            timeoutMs: Math.max(1, Math.min(10_000, deadline - Date.now())),
            'formatOptions.useInt64Timestamp': true,
          });
        }
        const fields = response.schema?.fields ?? [];
        const rows = bigQueryRows(fields, response.rows ?? []);
        let pageToken = response.pageToken;
        while (pageToken !== undefined && rows.length < maxKeptRows) {
          const next = await jobResults(job, {
            pageToken,
            maxResults: pageSize,
            'formatOptions.useInt64Timestamp': true,
          });
          rows.push(...bigQueryRows(fields, next.rows ?? []));
          pageToken = next.pageToken;
        }
        const complete = pageToken === undefined && rows.length <= maxKeptRows;
        return pages.keep(
          { columns: columnsOf(fields), rows: rows.slice(0, maxKeptRows), complete, estimate },
          { maxRows: limits.maxRows, maxBytes: limits.maxBytes },
        );
      } catch (error) {
        throw asQueryError(error);
      }
    },
    page: async (resultId, offset, limit) => pages.page(resultId, offset, limit),
    close: async () => undefined,
  };
}

function columnsOf(fields: readonly BigQueryField[]): ColumnInfo[] {
  return fields.map((field) => ({
    name: field.name,
    type: field.mode === 'REPEATED' ? `ARRAY<${field.type}>` : field.type,
  }));
}

function asQueryError(error: unknown): LogQueryError {
  if (LogQueryError.isInstance(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  const reasons = (error as { errors?: { reason?: string }[] }).errors?.map((entry) => entry.reason) ?? [];
  if (reasons.includes('bytesBilledLimitExceeded')) {
    return new LogQueryError({
      reason: 'over-budget',
      message: `BigQuery refused it: ${message}. Select fewer columns and filter on the partition or time column.`,
      cause: error,
    });
  }
  return new LogQueryError({ reason: 'failed', message: `BigQuery: ${message}`, cause: error });
}
