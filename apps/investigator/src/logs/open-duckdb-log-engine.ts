import { existsSync } from 'node:fs';
import {
  type DuckDBConnection,
  DuckDBInstance,
  type DuckDBPreparedStatement,
  JsonDuckDBValueConverter,
  StatementType,
} from '@duckdb/node-api';
import { checkReadOnlyText, type ReadOnlyText } from './check-read-only-text.js';
import { createResultPages } from './create-result-pages.js';
import { duckDbGuardSettings } from './duckdb-guard-settings.js';
import { estimatePlan } from './estimate-plan.js';
import type { ColumnInfo, LogEngine, QueryEstimate, QueryOptions, TableInfo } from './log-engine.js';
import { LogQueryError } from './log-query-error.js';

/** Options of {@link openDuckDbLogEngine}. */
export interface DuckDbLogEngineOptions {
  /** The database file `loadSecurityLogs` built; opened read-only. */
  file: string;
  /** Worker threads (default 2). */
  threads?: number;
  /** DuckDB's memory limit (default `'512MB'`). */
  memoryLimit?: string;
  /** A query whose plan is expected to produce more rows at any step is refused (default 100,000,000). */
  maxEstimatedRows?: number;
  /** A query whose plan is expected to move more bytes is refused (default 2 GiB). */
  maxEstimatedBytes?: number;
  /** Default rows of a first page (default 50). */
  maxRows?: number;
  /** Default JSON bytes of a page (default 16,000). */
  maxBytes?: number;
  /** Default wall time of a query before it is interrupted (default 10,000 ms). */
  timeoutMs?: number;
  /** Rows of a result kept for paging (default 5,000); past it the result is marked incomplete. */
  maxKeptRows?: number;
  /** JSON bytes of a result kept for paging (default 4,000,000). */
  maxKeptBytes?: number;
}

/**
 * Opens a DuckDB log database for a model's SQL, behind the guardrails: the file read-only with external
 * access, extension loading and the temporary directory off, threads and memory bounded and the
 * configuration locked (checked after opening); each query must be exactly one prepared statement of type
 * SELECT or EXPLAIN whose text begins with a read-only keyword; a dry run (`EXPLAIN`) refuses plans over
 * the row or byte budget and returns the estimate; a timer interrupts a query that runs too long; results
 * are kept for paging and returned capped by rows and bytes.
 *
 * @example
 * const engine = await openDuckDbLogEngine({ file: 'security-logs.duckdb' });
 * const result = await engine.query("select count(*) from lsass_windows where EventID = 10");
 */
export async function openDuckDbLogEngine({
  file,
  threads = 2,
  memoryLimit = '512MB',
  maxEstimatedRows = 100_000_000,
  maxEstimatedBytes = 2 * 1024 ** 3,
  maxRows = 50,
  maxBytes = 16_000,
  timeoutMs = 10_000,
  maxKeptRows = 5_000,
  maxKeptBytes = 4_000_000,
}: DuckDbLogEngineOptions): Promise<LogEngine> {
  if (!existsSync(file)) {
    throw new LogQueryError({
      reason: 'failed',
      message: `no log database at ${file}: build it with \`investigator logs load\``,
    });
  }
  const instance = await DuckDBInstance.create(file, duckDbGuardSettings({ threads, memoryLimit }));
  const connection = await instance.connect();
  try {
    await verifyGuards(connection, file);
  } catch (error) {
    connection.closeSync();
    instance.closeSync();
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
    tables: () => serialized(() => listTables(connection)),
    query: (sql, options = {}) =>
      serialized(async () => {
        const limits = queryLimits(options, { maxRows, maxBytes, timeoutMs });
        const timer = setTimeout(() => connection.interrupt(), limits.timeoutMs);
        try {
          const { prepared, text } = await prepareOne(connection, sql);
          const dryRun = text.keyword === 'EXPLAIN' ? text.analyzed : sql;
          const estimate =
            dryRun === undefined
              ? undefined
              : await dryRunEstimate(connection, dryRun, { maxEstimatedRows, maxEstimatedBytes });
          const fetched = await fetchKept(prepared, { maxKeptRows, maxKeptBytes });
          return pages.keep(
            { ...fetched, ...(estimate === undefined ? {} : { estimate }) },
            { maxRows: limits.maxRows, maxBytes: limits.maxBytes },
          );
        } catch (error) {
          throw asQueryError(error, limits.timeoutMs);
        } finally {
          clearTimeout(timer);
        }
      }),
    page: async (resultId, offset, limit) => pages.page(resultId, offset, limit),
    close: () =>
      serialized(async () => {
        connection.closeSync();
        instance.closeSync();
      }),
  };
}

async function verifyGuards(connection: DuckDBConnection, file: string): Promise<void> {
  const reader = await connection.runAndReadAll(
    `select name, value from duckdb_settings() where name in
      ('access_mode', 'enable_external_access', 'lock_configuration', 'temp_directory', 'allowed_directories',
       'autoinstall_known_extensions', 'autoload_known_extensions')`,
  );
  const settings = Object.fromEntries(reader.getRows().map(([name, value]) => [String(name), String(value)]));
  const expected: Record<string, string> = {
    access_mode: 'read_only',
    enable_external_access: 'false',
    lock_configuration: 'true',
    temp_directory: '',
    allowed_directories: '[]',
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  };
  for (const [name, value] of Object.entries(expected)) {
    if (settings[name] !== value) {
      throw new LogQueryError({
        reason: 'failed',
        message: `the log database ${file} opened with ${name}=${settings[name]} instead of ${value}; refusing to run queries`,
      });
    }
  }
}

/** Exactly one statement, its text read-only (checked before it is prepared), its type SELECT or EXPLAIN. */
async function prepareOne(
  connection: DuckDBConnection,
  sql: string,
): Promise<{ prepared: DuckDBPreparedStatement; text: ReadOnlyText }> {
  const extracted = await connection.extractStatements(sql);
  if (extracted.count !== 1) {
    throw new LogQueryError({
      reason: 'multiple-statements',
      message: `refused: send exactly one statement, found ${extracted.count}.`,
    });
  }
  const text = checkReadOnlyText(sql);
  const prepared = await extracted.prepare(0);
  const type = prepared.statementType;
  if (type !== StatementType.SELECT && type !== StatementType.EXPLAIN) {
    throw new LogQueryError({
      reason: 'not-read-only',
      message: `refused: a ${StatementType[type] ?? type} statement; only read-only queries (SELECT, DESCRIBE, SUMMARIZE, EXPLAIN) are allowed.`,
    });
  }
  return { prepared, text };
}

async function dryRunEstimate(
  connection: DuckDBConnection,
  sql: string,
  budget: { maxEstimatedRows: number; maxEstimatedBytes: number },
): Promise<QueryEstimate> {
  const reader = await connection.runAndReadAll(`EXPLAIN (FORMAT JSON) ${sql}`);
  const plan = reader.getRows().find(([key]) => key === 'physical_plan')?.[1];
  const estimate = estimatePlan(String(plan ?? '[]'));
  const rows = estimate.rows ?? 0;
  if (rows > budget.maxEstimatedRows || estimate.bytes > budget.maxEstimatedBytes) {
    throw new LogQueryError({
      reason: 'over-budget',
      estimate,
      message:
        `refused before running: the plan is estimated at ${rows.toLocaleString('en')} rows and ` +
        `${formatBytes(estimate.bytes)} (budget ${budget.maxEstimatedRows.toLocaleString('en')} rows, ` +
        `${formatBytes(budget.maxEstimatedBytes)}). Filter earlier (WHERE on time, host or event id), join on ` +
        'keys instead of a cross join, or aggregate.',
    });
  }
  return estimate;
}

async function fetchKept(
  prepared: DuckDBPreparedStatement,
  { maxKeptRows, maxKeptBytes }: { maxKeptRows: number; maxKeptBytes: number },
): Promise<{ columns: ColumnInfo[]; rows: Record<string, unknown>[]; complete: boolean }> {
  const result = await prepared.stream();
  const names = result.deduplicatedColumnNames();
  const types = result.columnTypes();
  const columns = names.map((name, index) => ({ name, type: String(types[index]) }));
  const rows: Record<string, unknown>[] = [];
  let bytes = 0;
  for (;;) {
    const chunk = await result.fetchChunk();
    if (chunk === null || chunk.rowCount === 0) return { columns, rows, complete: true };
    for (const values of chunk.convertRows(JsonDuckDBValueConverter)) {
      if (rows.length >= maxKeptRows || bytes > maxKeptBytes) return { columns, rows, complete: false };
      const row = Object.fromEntries(names.map((name, index) => [name, values[index] ?? null]));
      bytes += Buffer.byteLength(JSON.stringify(row));
      rows.push(row);
    }
  }
}

async function listTables(connection: DuckDBConnection): Promise<TableInfo[]> {
  const tables = await connection.runAndReadAll(
    `select table_name, comment, estimated_size from duckdb_tables() where not internal order by table_name`,
  );
  const columns = await connection.runAndReadAll(
    `select table_name, column_name, data_type from duckdb_columns() where not internal
      order by table_name, column_index`,
  );
  const byTable = new Map<string, ColumnInfo[]>();
  for (const [table, name, type] of columns.getRows()) {
    const list = byTable.get(String(table)) ?? [];
    list.push({ name: String(name), type: String(type) });
    byTable.set(String(table), list);
  }
  return tables.getRows().map(([name, comment, size]) => ({
    name: String(name),
    ...(typeof comment === 'string' && comment !== '' ? { description: comment } : {}),
    ...(size === null ? {} : { rowCount: Number(size) }),
    columns: byTable.get(String(name)) ?? [],
  }));
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

function asQueryError(error: unknown, timeoutMs: number): LogQueryError {
  if (LogQueryError.isInstance(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/interrupt/i.test(message)) {
    return new LogQueryError({
      reason: 'timeout',
      message: `the query ran past ${timeoutMs} ms and was interrupted. Filter on time, host or event id first, or aggregate.`,
      cause: error,
    });
  }
  if (/out of memory/i.test(message)) {
    return new LogQueryError({
      reason: 'over-budget',
      message: `the query needed more memory than the limit, and nothing spills to disk: ${message.split('\n')[0]} Filter earlier, group by fewer distinct values, or aggregate before joining.`,
      cause: error,
    });
  }
  return new LogQueryError({ reason: 'failed', message, cause: error });
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 ** 2) return `${Math.round(bytes / 1024)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
}
