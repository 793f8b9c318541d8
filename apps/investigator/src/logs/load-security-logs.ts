import { copyFile, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { unzipSync } from 'fflate';
import { LogLoadError } from './log-load-error.js';
import { type SecurityLogTable, securityLogTables } from './security-log-tables.js';

/** What the loader reports while it works. */
export type LoadProgress =
  | { type: 'table-start'; table: string; index: number; total: number }
  | { type: 'table-end'; table: string; index: number; total: number; rows: number; durationMs: number };

/** Options of {@link loadSecurityLogs}. */
export interface LoadSecurityLogsOptions {
  /** The shared security-logs folder (its README describes the datasets). */
  source: string;
  /** The DuckDB file to build. */
  file: string;
  /**
   * Only these datasets (`lsass_campaign_01`, `log4shell`, `aws_cloudtrail`, `goldensaml`, `apt29_zeek`,
   * `excytin`) or tables (`mkt01_zeek_conn`, …); default all.
   */
  only?: readonly string[];
  /** Replace an existing database file (default false: an existing file is refused). */
  replace?: boolean;
  /** Called as each table starts and ends. */
  onProgress?: (event: LoadProgress) => void;
}

/** What was built. */
export interface LoadSecurityLogsResult {
  file: string;
  tables: { table: string; rows: number }[];
  bytes: number;
}

/**
 * Builds the log database from the shared security logs: extracts the zipped files into a scratch folder
 * beside `file`, creates one table per source (NDJSON with `read_json_auto`, Zeek TSV with its `#fields`
 * header as column names, CSV), stores each table's description as its comment, and moves the finished
 * database into place only when every table was built (a failed load leaves no partial file).
 *
 * @example
 * await loadSecurityLogs({ source: '../shared/data/security-logs', file: '.investigator-logs/security-logs.duckdb' });
 */
export async function loadSecurityLogs({
  source,
  file,
  only,
  replace = false,
  onProgress,
}: LoadSecurityLogsOptions): Promise<LoadSecurityLogsResult> {
  const tables = pickTables(only);
  await checkSources(source, tables);
  if (!replace && (await exists(file))) {
    throw new LogLoadError({
      path: file,
      message: `${file} already exists; pass replace (--replace) to build it again`,
    });
  }
  await mkdir(dirname(resolve(file)), { recursive: true });
  const scratch = await mkdtemp(join(dirname(resolve(file)), '.logs-load-'));
  const partial = `${file}.partial`;
  await rm(partial, { force: true });
  const built: { table: string; rows: number }[] = [];
  try {
    const instance = await DuckDBInstance.create(partial, { threads: '2' });
    const connection = await instance.connect();
    try {
      for (const [index, table] of tables.entries()) {
        onProgress?.({ type: 'table-start', table: table.table, index, total: tables.length });
        const started = Date.now();
        const paths = await materialize(source, scratch, table);
        await connection.run(`create table ${table.table} as ${await selectFor(table, paths, scratch)}`);
        await connection.run(`comment on table ${table.table} is ${quote(table.description)}`);
        const count = await connection.runAndReadAll(`select count(*) from ${table.table}`);
        const rows = Number(count.getRows()[0]?.[0] ?? 0);
        built.push({ table: table.table, rows });
        onProgress?.({
          type: 'table-end',
          table: table.table,
          index,
          total: tables.length,
          rows,
          durationMs: Date.now() - started,
        });
      }
      await connection.run('checkpoint');
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    await rm(`${partial}.wal`, { force: true });
    throw error;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return { file, tables: built, bytes: (await stat(file)).size };
}

function pickTables(only: readonly string[] | undefined): SecurityLogTable[] {
  if (only === undefined) return [...securityLogTables];
  const known = new Set(securityLogTables.flatMap((table) => [table.dataset, table.table]));
  for (const name of only) {
    if (!known.has(name)) {
      const datasets = [...new Set(securityLogTables.map((table) => table.dataset))];
      throw new LogLoadError({
        path: name,
        message: `unknown dataset or table "${name}"; expected a dataset (${datasets.join(', ')}) or one of its tables`,
      });
    }
  }
  return securityLogTables.filter((table) => only.includes(table.dataset) || only.includes(table.table));
}

async function checkSources(source: string, tables: readonly SecurityLogTable[]): Promise<void> {
  if (!(await exists(source))) {
    throw new LogLoadError({
      path: source,
      message: `no security-logs folder at ${source}; pass --source with the shared data/security-logs folder`,
    });
  }
  for (const table of tables) {
    for (const path of table.files) {
      const [container = ''] = path.split('#');
      if (!(await exists(join(source, container)))) {
        throw new LogLoadError({
          path: join(source, container),
          message: `${join(source, container)} is missing (needed for table ${table.table}); is ${source} the full security-logs set?`,
        });
      }
    }
  }
}

/** Copies or extracts a table's files into the scratch folder under their relative paths. */
async function materialize(source: string, scratch: string, table: SecurityLogTable): Promise<string[]> {
  const paths: string[] = [];
  for (const path of table.files) {
    const [container = '', entry] = path.split('#');
    const target = join(scratch, container, entry ?? '');
    await mkdir(dirname(target), { recursive: true });
    if (entry === undefined) {
      await copyFile(join(source, container), target);
    } else {
      const zipped = await readFile(join(source, container));
      let files: Record<string, Uint8Array>;
      try {
        files = unzipSync(zipped, { filter: (file) => file.name === entry });
      } catch (error) {
        throw new LogLoadError({
          path: join(source, container),
          message: `${join(source, container)} is not a readable zip: ${(error as Error).message}`,
          cause: error,
        });
      }
      const content = files[entry];
      if (content === undefined) {
        throw new LogLoadError({
          path: join(source, container),
          message: `${join(source, container)} has no entry ${entry} (needed for table ${table.table})`,
        });
      }
      await writeFile(target, content);
    }
    paths.push(target);
  }
  return paths;
}

async function selectFor(table: SecurityLogTable, paths: string[], scratch: string): Promise<string> {
  const list = `[${paths.map(quote).join(', ')}]`;
  const sourceFile = (column: string) => `replace(${column}, ${quote(`${scratch}/`)}, '') as source_file`;
  switch (table.format) {
    case 'ndjson': {
      const read = `read_json_auto(${list}, format = 'newline_delimited', union_by_name = true, sample_size = -1, map_inference_threshold = -1, maximum_object_size = 134217728${paths.length > 1 ? ", filename = 'loaded_from'" : ''})`;
      return paths.length > 1
        ? `select * exclude (loaded_from), ${sourceFile('loaded_from')} from ${read}`
        : `select * from ${read}`;
    }
    case 'zeek-tsv': {
      const names = await zeekFields(paths[0] as string);
      return `select * from read_csv(${list}, delim = '\t', header = false, comment = '#', quote = '', escape = '', nullstr = '-', names = [${names.map(quote).join(', ')}])`;
    }
    case 'csv':
      return `select * from read_csv(${list}, header = true)`;
    case 'excytin-csv':
      return `select * from read_csv(${list}, header = true, delim = '❖', quote = '"', escape = '"', max_line_size = 67108864)`;
    case 'text-files':
      return `select ${sourceFile('filename')}, content from read_text(${list}) order by source_file`;
  }
}

/** The column names of a Zeek TSV log, from its `#fields` line (`id.orig_h` becomes `id_orig_h`). */
async function zeekFields(path: string): Promise<string[]> {
  const text = await readFile(path, 'utf8');
  const line = text.split('\n').find((candidate) => candidate.startsWith('#fields\t'));
  if (line === undefined) {
    throw new LogLoadError({ path, message: `${path} has no #fields header line; expected a Zeek TSV log` });
  }
  return line
    .trimEnd()
    .split('\t')
    .slice(1)
    .map((name) => name.replaceAll('.', '_'));
}

function quote(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
