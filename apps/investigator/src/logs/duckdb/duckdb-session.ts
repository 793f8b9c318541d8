import {
  type DuckDBConnection,
  type DuckDBExtractedStatements,
  type DuckDBInstance,
  type DuckDBPreparedStatement,
  JsonDuckDBValueConverter,
  StatementType,
} from '@duckdb/node-api';
import type { ColumnInfo, QueryEstimate, TableInfo } from '../log-engine.js';
import { checkSelectTree, type SelectScope } from './check-select-tree.js';
import { estimatePlan } from './estimate-plan.js';
import { type FetchedRows, type QueryMessage, RefusedQuery } from './query-process-protocol.js';

/** The guarded DuckDB connection the query process runs the model's SQL on. */
export interface DuckDbSession {
  /** Checks, dry-runs and runs one query; returns the rows kept for paging. */
  query(message: Pick<QueryMessage, 'sql' | 'select' | 'kind'>): Promise<FetchedRows>;
  tables(): Promise<TableInfo[]>;
  /** Interrupts the running query. */
  interrupt(): void;
  /** `undefined` when every setting is as it was after opening; else the first that changed. */
  changedSettings(): Promise<string | undefined>;
}

/** Settings the engine must have been opened with, as DuckDB reports them. */
const required: Record<string, string> = {
  access_mode: 'read_only',
  enable_external_access: 'false',
  lock_configuration: 'true',
  temp_directory: '',
  allowed_directories: '[]',
  autoinstall_known_extensions: 'false',
  autoload_known_extensions: 'false',
};

/**
 * Connects to an opened instance, checks it was opened with the guard settings, and remembers every
 * setting and the database's tables (the only ones a query may read).
 */
export async function openDuckDbSession({
  instance,
  file,
  maxEstimatedRows,
  maxEstimatedBytes,
  maxKeptRows,
  maxKeptBytes,
}: {
  instance: DuckDBInstance;
  file: string;
  maxEstimatedRows: number;
  maxEstimatedBytes: number;
  maxKeptRows: number;
  maxKeptBytes: number;
}): Promise<DuckDbSession> {
  const connection = await instance.connect();
  const settingsQuery = await connection.prepare('select name, value from duckdb_settings() order by name');
  const readSettings = async () =>
    new Map(
      (await settingsQuery.runAndReadAll()).getRows().map(([name, value]) => [String(name), String(value)]),
    );
  // After each query only a digest of every setting crosses into JavaScript; the full list when it changed.
  const digestQuery = await connection.prepare(
    "select md5(string_agg(name || '=' || coalesce(value, '<null>'), chr(10) order by name)) from duckdb_settings()",
  );
  const readDigest = async () => String((await digestQuery.runAndReadAll()).getRows()[0]?.[0]);
  const opened = await readSettings();
  const openedDigest = await readDigest();
  for (const [name, value] of Object.entries(required)) {
    if (opened.get(name) !== value) {
      throw new RefusedQuery({
        reason: 'failed',
        message: `the log database ${file} opened with ${name}=${opened.get(name)} instead of ${value}; refusing to run queries`,
      });
    }
  }
  const scope = await readScope(connection);
  const serialize = await connection.prepare('select json_serialize_sql($1::varchar)');

  return {
    async query({ sql, select, kind }) {
      const extracted = await connection.extractStatements(sql);
      if (extracted.count !== 1) {
        throw new RefusedQuery({
          reason: 'multiple-statements',
          message: `refused: send exactly one statement, found ${extracted.count}.`,
        });
      }
      serialize.bindVarchar(1, select);
      const tree = (await serialize.runAndReadAll()).getRows()[0]?.[0];
      checkSelectTree(String(tree), scope);
      const prepared = await prepareRead(extracted);
      const estimate =
        kind === 'explain'
          ? undefined
          : await dryRun(connection, select, { maxEstimatedRows, maxEstimatedBytes });
      const fetched = await fetchKept(prepared, { maxKeptRows, maxKeptBytes });
      return estimate === undefined ? fetched : { ...fetched, estimate };
    },
    tables: () => listTables(connection),
    interrupt: () => connection.interrupt(),
    async changedSettings() {
      if ((await readDigest()) === openedDigest) return undefined;
      const now = await readSettings();
      for (const [name, value] of opened) {
        if (now.get(name) !== value) return `${name}: ${value} -> ${now.get(name) ?? 'gone'}`;
      }
      for (const name of now.keys()) if (!opened.has(name)) return `${name} appeared`;
      return 'the settings digest changed';
    },
  };
}

async function readScope(connection: DuckDBConnection): Promise<SelectScope> {
  const reader = await connection.runAndReadAll(
    `select database_name, table_name from duckdb_tables() where not internal and schema_name = 'main'`,
  );
  const rows = reader.getRows();
  const database = await connection.runAndReadAll('select current_database()');
  return {
    tables: new Set(rows.map(([, table]) => String(table).toLowerCase())),
    catalog: String(database.getRows()[0]?.[0] ?? '').toLowerCase(),
  };
}

/** The one extracted statement, prepared (bound: the tree check came first), of type SELECT or EXPLAIN. */
async function prepareRead(extracted: DuckDBExtractedStatements): Promise<DuckDBPreparedStatement> {
  const prepared = await extracted.prepare(0);
  const type = prepared.statementType;
  if (type !== StatementType.SELECT && type !== StatementType.EXPLAIN) {
    throw new RefusedQuery({
      reason: 'not-read-only',
      message: `refused: a ${StatementType[type] ?? type} statement; only read-only queries (SELECT, DESCRIBE, SUMMARIZE, EXPLAIN) are allowed.`,
    });
  }
  return prepared;
}

async function dryRun(
  connection: DuckDBConnection,
  select: string,
  budget: { maxEstimatedRows: number; maxEstimatedBytes: number },
): Promise<QueryEstimate> {
  const reader = await connection.runAndReadAll(`EXPLAIN (FORMAT JSON) ${select}`);
  const plan = reader.getRows().find(([key]) => key === 'physical_plan')?.[1];
  const estimate = estimatePlan(String(plan ?? '[]'));
  const rows = estimate.rows ?? 0;
  if (rows > budget.maxEstimatedRows || estimate.bytes > budget.maxEstimatedBytes) {
    throw new RefusedQuery({
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
): Promise<FetchedRows> {
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

function formatBytes(bytes: number): string {
  if (bytes < 1024 ** 2) return `${Math.round(bytes / 1024)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
}
