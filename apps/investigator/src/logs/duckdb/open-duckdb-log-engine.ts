import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkReadOnlyText } from '../check-read-only-text.js';
import { createResultPages } from '../create-result-pages.js';
import type { LogEngine, QueryOptions, TableInfo } from '../log-engine.js';
import { LogQueryError } from '../log-query-error.js';
import { duckDbGuardSettings } from './duckdb-guard-settings.js';
import type { FetchedRows } from './query-process-protocol.js';
import { startQueryProcess } from './start-query-process.js';

/** Options of {@link openDuckDbLogEngine}. */
export interface DuckDbLogEngineOptions {
  /** The database file `loadSecurityLogs` or `importLogFiles` built; opened read-only. */
  file: string;
  /** Worker threads (default 2). */
  threads?: number;
  /** DuckDB's memory limit (default `'512MB'`). */
  memoryLimit?: string;
  /**
   * The most memory (address space) the query process may take, in bytes (default 2 GiB, of which Node
   * itself reserves about 0.85 GiB); past it the process is stopped by the OS (Linux) and started again.
   */
  maxProcessBytes?: number;
  /** A query whose plan is expected to produce more rows at any step is refused (default 100,000,000). */
  maxEstimatedRows?: number;
  /** A query whose plan is expected to move more bytes is refused (default 2 GiB). */
  maxEstimatedBytes?: number;
  /** Default rows of a first page (default 50). */
  maxRows?: number;
  /** Default JSON bytes of a page (default 16,000). */
  maxBytes?: number;
  /** Default wall time of a query before it is interrupted, then its process killed (default 10,000 ms). */
  timeoutMs?: number;
  /** How long an interrupted query may take to stop before its process is killed (default 1,000 ms). */
  interruptGraceMs?: number;
  /** Rows of a result kept for paging (default 5,000); past it the result is marked incomplete. */
  maxKeptRows?: number;
  /** JSON bytes of a result kept for paging (default 4,000,000). */
  maxKeptBytes?: number;
}

/**
 * Opens a DuckDB log database for a model's SQL, behind the guardrails. The database lives in a child
 * process (`startQueryProcess`) whose memory is capped by the OS and which is killed past the wall-clock
 * limit, so no query — an abort inside DuckDB, a generator the plan does not see — can take the caller's
 * process down or past its limits. There the file is opened read-only with external access, extension
 * loading and the temporary directory off, threads and memory bounded and the configuration locked
 * (checked after opening and after every query: a process whose settings changed is discarded). Each query
 * must be exactly one statement whose parse tree (`json_serialize_sql`) is a plain SELECT over the
 * database's own tables calling only allowed pure functions (`checkSelectTree`); a dry run (`EXPLAIN`)
 * refuses plans over the row or byte budget and returns the estimate; results are kept for paging and
 * returned capped by rows and bytes.
 *
 * @example
 * const engine = await openDuckDbLogEngine({ file: 'security-logs.duckdb' });
 * const result = await engine.query("select count(*) from mkt01_windows where EventID = 10");
 * await engine.close();
 */
export async function openDuckDbLogEngine({
  file,
  threads = 2,
  memoryLimit = '512MB',
  maxProcessBytes = 2 * 1024 ** 3,
  maxEstimatedRows = 100_000_000,
  maxEstimatedBytes = 2 * 1024 ** 3,
  maxRows = 50,
  maxBytes = 16_000,
  timeoutMs = 10_000,
  interruptGraceMs = 1_000,
  maxKeptRows = 5_000,
  maxKeptBytes = 4_000_000,
}: DuckDbLogEngineOptions): Promise<LogEngine> {
  if (!existsSync(file)) {
    throw new LogQueryError({
      reason: 'failed',
      message: `no log database at ${file}: build it with \`investigator logs load\` or \`investigator logs import\``,
    });
  }
  const worker = startQueryProcess({
    open: {
      type: 'open',
      file: resolve(file),
      settings: duckDbGuardSettings({ threads, memoryLimit }),
      maxEstimatedRows,
      maxEstimatedBytes,
      maxKeptRows,
      maxKeptBytes,
    },
    maxProcessBytes,
    interruptGraceMs,
  });
  try {
    await worker.ready();
  } catch (error) {
    await worker.close();
    throw error;
  }
  const pages = createResultPages({ maxRows, maxBytes });
  let tail: Promise<unknown> = Promise.resolve();
  const serialized = <T>(work: () => Promise<T>): Promise<T> => {
    const next = tail.then(work, work);
    tail = next.catch(() => undefined);
    return next;
  };

  return {
    name: 'duckdb',
    tables: () =>
      serialized(async () => (await worker.request({ type: 'tables' }, timeoutMs)) as TableInfo[]),
    query: (sql, options = {}) =>
      serialized(async () => {
        const limits = queryLimits(options, { maxRows, maxBytes, timeoutMs });
        const text = checkReadOnlyText(sql);
        const kind =
          text.keyword !== 'EXPLAIN' ? 'select' : text.analyzed === undefined ? 'explain' : 'explain-analyze';
        const fetched = (await worker.request(
          { type: 'query', sql, select: text.explained ?? sql, kind },
          limits.timeoutMs,
        )) as FetchedRows;
        return pages.keep(fetched, { maxRows: limits.maxRows, maxBytes: limits.maxBytes });
      }),
    page: async (resultId, offset, limit) => pages.page(resultId, offset, limit),
    close: () => serialized(() => worker.close()),
  };
}

function queryLimits(
  options: QueryOptions,
  defaults: { maxRows: number; maxBytes: number; timeoutMs: number },
): { maxRows: number; maxBytes: number; timeoutMs: number } {
  const limits = { ...defaults, ...options };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1) {
      throw new LogQueryError({
        reason: 'failed',
        message: `${name} must be a whole number of at least 1, got ${value}.`,
      });
    }
  }
  return limits;
}
