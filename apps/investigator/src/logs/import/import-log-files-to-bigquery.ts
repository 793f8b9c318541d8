import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { type BigQueryClientOptions, createBigQueryClient } from '../create-bigquery-client.js';
import { LogLoadError } from '../log-load-error.js';
import { type ImportLogFilesOptions, type ImportLogFilesResult, importLogFiles } from './import-log-files.js';

/** Options of {@link importLogFilesToBigQuery}: those of `importLogFiles`, a dataset instead of a file. */
export interface ImportLogFilesToBigQueryOptions extends Omit<ImportLogFilesOptions, 'database'> {
  /** The dataset the log engine reads (`INVESTIGATOR_BIGQUERY_DATASET`), and where and as whom to reach it. */
  target: BigQueryClientOptions & { dataset: string };
}

const dispositions = { create: 'WRITE_EMPTY', append: 'WRITE_APPEND', replace: 'WRITE_TRUNCATE' } as const;

/**
 * Imports log files into a BigQuery table, read exactly as `importLogFiles` reads them (formats,
 * columns unified by name, timestamps parsed, errors naming file and line): they are parsed into a scratch
 * DuckDB database, written to one Parquet file (nanosecond timestamps as microseconds, BigQuery's
 * precision) and sent as one load job — atomic: the table gets all the rows or none — that creates
 * (`WRITE_EMPTY`), appends to (`WRITE_APPEND`, new columns allowed) or replaces (`WRITE_TRUNCATE`) it,
 * with the description as the table's. The BigQuery log engine lists it with that description.
 *
 * @example
 * await importLogFilesToBigQuery({ target: { projectId: 'acme-soc', dataset: 'security_logs' }, table: 'gcp_audit', files: ['audit.json'], description: 'GCP audit log entries' });
 */
export async function importLogFilesToBigQuery({
  target,
  mode = 'create',
  description,
  ...read
}: ImportLogFilesToBigQueryOptions): Promise<ImportLogFilesResult> {
  const scratch = await mkdtemp(join(tmpdir(), 'investigator-bigquery-import-'));
  try {
    const parsed = await importLogFiles({
      ...read,
      database: join(scratch, 'parsed.duckdb'),
      mode: 'create',
    });
    const parquet = join(scratch, `${read.table}.parquet`);
    const instance = await DuckDBInstance.create(parsed.database);
    try {
      const connection = await instance.connect();
      const columns = parsed.columns.map((column) => {
        const id = `"${column.name.replaceAll('"', '""')}"`;
        return column.type === 'TIMESTAMP_NS' ? `cast(${id} as timestamp) as ${id}` : id;
      });
      await connection.run(
        `copy (select ${columns.join(', ')} from "${read.table}") to '${parquet.replaceAll("'", "''")}' (format parquet)`,
      );
    } finally {
      instance.closeSync();
    }
    const { projectId, dataset } = target;
    const client = createBigQueryClient(target);
    const [job] = await client
      .dataset(dataset)
      .table(read.table)
      .load(parquet, {
        sourceFormat: 'PARQUET',
        writeDisposition: dispositions[mode],
        ...(mode === 'append' ? { schemaUpdateOptions: ['ALLOW_FIELD_ADDITION'] } : {}),
        ...(description === undefined ? {} : { destinationTableProperties: { description } }),
      })
      .catch((error: unknown) => {
        throw new LogLoadError({
          path: `${projectId}.${dataset}.${read.table}`,
          message: `BigQuery refused the load into ${projectId}.${dataset}.${read.table}: ${(error as Error).message}${
            mode === 'create' ? ' (pass --append to add these rows or --replace to rebuild it)' : ''
          }`,
          cause: error,
        });
      });
    const loaded = Number(job.statistics?.load?.outputRows ?? parsed.rowsAfter);
    return {
      ...parsed,
      database: `bigquery:${projectId}.${dataset}`,
      mode,
      rowsBefore: 0,
      rowsAfter: loaded,
      columns: parsed.columns.map((column) =>
        column.type === 'TIMESTAMP_NS' ? { ...column, type: 'TIMESTAMP' } : column,
      ),
      ...(description === undefined ? {} : { description }),
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
