import { existsSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { LogLoadError } from '../log-load-error.js';
import { detectLogFormat, type LogFileFormat, logFileFormats } from './detect-log-format.js';
import { readLogFilesSql, sourceFileColumn, zeekTimeColumns } from './read-log-files-sql.js';
import { type TimestampColumn, timestampColumns } from './timestamp-columns.js';

/** Options of {@link importLogFiles}. */
export interface ImportLogFilesOptions {
  /** The DuckDB log database (created when missing). */
  database: string;
  /** The table to create, append to or replace (letters, digits and `_`, not starting with a digit). */
  table: string;
  /** The files to read, all of one format. */
  files: readonly string[];
  /** Their format (default: detected from the first file's bytes and name). */
  format?: LogFileFormat;
  /** What the table holds, stored as its comment (the log agent's schema tool shows it). */
  description?: string;
  /** Columns to parse as timestamps, besides those found (ISO 8601 text; epoch numbers with a time-like name). */
  timestampColumns?: readonly string[];
  /** `create` (default: refused when the table exists), `append` (new columns are added) or `replace`. */
  mode?: 'create' | 'append' | 'replace';
}

/** What an import did and inferred. */
export interface ImportLogFilesResult {
  database: string;
  table: string;
  format: LogFileFormat;
  mode: 'create' | 'append' | 'replace';
  files: { path: string; rows: number }[];
  rowsBefore: number;
  rowsAfter: number;
  /** The table's columns after the import; `timestamp` says what a parsed column was, `added` marks new ones. */
  columns: { name: string; type: string; timestamp?: TimestampColumn['from']; added?: boolean }[];
  description?: string;
}

const tableName = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Imports log files into a table of the DuckDB log database, with no code per source: JSON, NDJSON, CSV,
 * Parquet or Zeek logs, columns unified by name across files, timestamp columns parsed (ISO 8601 text with
 * up to nanoseconds; epoch s/ms/µs/ns), the description stored as the table's comment. All of it happens
 * in one transaction: a bad file (its name, line and what was expected in the error) leaves the database
 * as it was, and a database this call created is removed again.
 *
 * @example
 * const result = await importLogFiles({ database: 'logs.duckdb', table: 'gcp_audit', files: ['audit.json'], description: 'GCP audit log entries' });
 */
export async function importLogFiles({
  database,
  table,
  files,
  format,
  description,
  timestampColumns: explicit = [],
  mode = 'create',
}: ImportLogFilesOptions): Promise<ImportLogFilesResult> {
  if (!tableName.test(table)) {
    throw new LogLoadError({
      path: table,
      message: `table name "${table}": expected letters, digits and _, not starting with a digit`,
    });
  }
  if (files.length === 0) throw new LogLoadError({ path: table, message: 'no files to import' });
  if (format !== undefined && !logFileFormats.includes(format)) {
    throw new LogLoadError({
      path: format,
      message: `format "${format}": expected one of ${logFileFormats.join(', ')}`,
    });
  }
  const paths = files.map((file) => resolve(file));
  for (const path of paths) {
    if (!(await stat(path).catch(() => undefined))?.isFile()) {
      throw new LogLoadError({ path, message: `${path}: no such file` });
    }
  }
  const chosen = format ?? (await detectLogFormat(paths[0] as string));
  const created = !existsSync(database);
  await mkdir(dirname(resolve(database)), { recursive: true });
  const instance = await DuckDBInstance.create(database, { threads: '2' }).catch((error: unknown) => {
    throw new LogLoadError({
      path: database,
      message: `${database}: cannot be opened for writing (${firstLine(error)}); is a chat or the console using it?`,
      cause: error,
    });
  });
  const connection = await instance.connect();
  let result: ImportLogFilesResult | undefined;
  try {
    await connection.run('begin transaction');
    result = await importInTransaction(connection, {
      database,
      table,
      paths,
      format: chosen,
      explicit: new Set(explicit),
      mode,
      ...(description === undefined ? {} : { description }),
    });
    await connection.run('commit');
    await connection.run('checkpoint');
  } catch (error) {
    await connection.run('rollback').catch(() => undefined);
    throw LogLoadError.isInstance(error) ? error : readError(error, chosen, paths);
  } finally {
    connection.closeSync();
    instance.closeSync();
    if (result === undefined && created) {
      await rm(database, { force: true });
      await rm(`${database}.wal`, { force: true });
    }
  }
  return result;
}

async function importInTransaction(
  connection: DuckDBConnection,
  options: {
    database: string;
    table: string;
    paths: string[];
    format: LogFileFormat;
    explicit: ReadonlySet<string>;
    mode: 'create' | 'append' | 'replace';
    description?: string;
  },
): Promise<ImportLogFilesResult> {
  const { table, paths, format, mode } = options;
  const target = `"${table}"`;
  const existing = await columnsOf(connection, table);
  if (existing.length > 0 && mode === 'create') {
    throw new LogLoadError({
      path: table,
      message: `table ${table} already exists in ${options.database}; pass --append to add these rows or --replace to rebuild it`,
    });
  }
  await connection.run(`create temp table __staging as ${await readLogFilesSql(format, paths)}`);
  const staged = (await columnsOf(connection, '__staging', 'temp')).filter(
    (column) => column.name !== sourceFileColumn,
  );
  const listed = new Set([...options.explicit, ...(format === 'zeek' ? await zeekTimeColumns(paths) : [])]);
  for (const name of options.explicit) {
    if (!staged.some((column) => column.name === name)) {
      throw new LogLoadError({
        path: paths[0] as string,
        message: `--timestamp ${name}: the files have no column ${name}; they have ${staged.map((column) => column.name).join(', ')}`,
      });
    }
  }
  const times = await timestampColumns(connection, {
    table: '__staging',
    columns: staged,
    explicit: listed,
    label: paths.length === 1 ? (paths[0] as string) : `${paths.length} files`,
  });
  const byName = new Map(times.map((column) => [column.name, column]));
  const select = staged
    .map((column) => {
      const id = `"${column.name.replaceAll('"', '""')}"`;
      return `${byName.get(column.name)?.expression ?? id} as ${id}`;
    })
    .join(', ');
  const counts = await connection.runAndReadAll(
    `select ${sourceFileColumn}, count(*) from __staging group by 1`,
  );
  const perFile = new Map(counts.getRows().map(([file, rows]) => [String(file), Number(rows)]));
  const rowsBefore = existing.length > 0 && mode === 'append' ? await rowCount(connection, target) : 0;
  const added = new Set<string>();
  if (mode === 'append' && existing.length > 0) {
    const known = new Set(existing.map((column) => column.name));
    await connection.run(`create temp table __converted as select ${select} from __staging`);
    for (const column of await columnsOf(connection, '__converted', 'temp')) {
      if (known.has(column.name)) continue;
      await connection.run(
        `alter table ${target} add column "${column.name.replaceAll('"', '""')}" ${column.type}`,
      );
      added.add(column.name);
    }
    await connection.run(`insert into ${target} by name select * from __converted`);
  } else {
    await connection.run(`create or replace table ${target} as select ${select} from __staging`);
  }
  if (options.description !== undefined) {
    await connection.run(`comment on table ${target} is '${options.description.replaceAll("'", "''")}'`);
  }
  const columns = (await columnsOf(connection, table)).map((column) => {
    const parsed = byName.get(column.name);
    return {
      ...column,
      ...(parsed === undefined ? {} : { timestamp: parsed.from }),
      ...(added.has(column.name) ? { added: true } : {}),
    };
  });
  return {
    database: options.database,
    table,
    format,
    mode,
    files: paths.map((path) => ({ path, rows: perFile.get(path) ?? 0 })),
    rowsBefore,
    rowsAfter: await rowCount(connection, target),
    columns,
    ...(options.description === undefined ? {} : { description: options.description }),
  };
}

async function columnsOf(
  connection: DuckDBConnection,
  table: string,
  database?: string,
): Promise<{ name: string; type: string }[]> {
  const reader = await connection.runAndReadAll(
    `select column_name, data_type from duckdb_columns() where table_name = '${table}' and schema_name = 'main'
      and database_name ${database === undefined ? "<> 'temp'" : `= '${database}'`} order by column_index`,
  );
  return reader.getRows().map(([name, type]) => ({ name: String(name), type: String(type) }));
}

async function rowCount(connection: DuckDBConnection, target: string): Promise<number> {
  return Number((await connection.runAndReadAll(`select count(*) from ${target}`)).getRows()[0]?.[0] ?? 0);
}

/** DuckDB's reading error, as the file, the line or byte, and what was expected. */
function readError(error: unknown, format: LogFileFormat, paths: readonly string[]): LogLoadError {
  const message = firstLine(error);
  const json = /in file "([^"]+)", at byte (\d+) in (?:line|record\/value) (\d+): (.*)$/.exec(message);
  const csv = /CSV Error on Line: (\d+)/.exec(error instanceof Error ? error.message : '');
  const file = json?.[1] ?? paths.find((path) => message.includes(path)) ?? paths[0] ?? '';
  const where = json ? `line ${json[3]}, byte ${json[2]}` : csv ? `line ${csv[1]}` : 'reading it';
  const what = json?.[4] ?? message;
  return new LogLoadError({
    path: file,
    message: `${file}: ${where}: ${what}; expected ${format === 'json' ? 'a JSON document' : format === 'ndjson' ? 'one JSON object per line' : `a ${format} file`} (pass --format if it is another format)`,
    cause: error,
  });
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
