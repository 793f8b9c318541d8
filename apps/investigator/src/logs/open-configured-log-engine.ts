import { configuredBigQueryDataset } from './configured-bigquery-dataset.js';
import { defaultLogDatabase } from './default-log-database.js';
import { openDuckDbLogEngine } from './duckdb/open-duckdb-log-engine.js';
import type { LogEngine } from './log-engine.js';
import { LogQueryError } from './log-query-error.js';
import { openBigQueryLogEngine } from './open-bigquery-log-engine.js';

/**
 * The log engine the environment configures: BigQuery when `INVESTIGATOR_BIGQUERY_PROJECT` is set (with
 * `INVESTIGATOR_BIGQUERY_DATASET` and `INVESTIGATOR_BIGQUERY_MAX_BYTES` required, and
 * `INVESTIGATOR_BIGQUERY_LOCATION` optional; credentials from Application Default Credentials), else
 * DuckDB on `file` (default {@link defaultLogDatabase}).
 */
export async function openConfiguredLogEngine({
  file,
  env = process.env,
}: {
  file?: string;
  env?: NodeJS.ProcessEnv;
} = {}): Promise<LogEngine> {
  const target = configuredBigQueryDataset(env);
  if (target === undefined) return openDuckDbLogEngine({ file: file ?? defaultLogDatabase(env) });
  const limit = env.INVESTIGATOR_BIGQUERY_MAX_BYTES ?? '';
  const maxBytesBilled = Number(limit);
  if (!/^\d+$/.test(limit) || !Number.isSafeInteger(maxBytesBilled) || maxBytesBilled < 1) {
    throw new LogQueryError({
      reason: 'failed',
      message: `INVESTIGATOR_BIGQUERY_MAX_BYTES must be the most bytes one query may bill, a whole number (e.g. 10737418240 for 10 GiB); got "${limit}"`,
    });
  }
  return openBigQueryLogEngine({ ...target, maxBytesBilled });
}
