import { LogQueryError } from './log-query-error.js';

/** The BigQuery dataset the environment names for the logs. */
export interface ConfiguredBigQueryDataset {
  projectId: string;
  dataset: string;
  location?: string;
}

/**
 * The BigQuery dataset of `INVESTIGATOR_BIGQUERY_PROJECT`, `INVESTIGATOR_BIGQUERY_DATASET` (required
 * with the project) and `INVESTIGATOR_BIGQUERY_LOCATION`; `undefined` when no project is set (DuckDB).
 */
export function configuredBigQueryDataset(
  env: NodeJS.ProcessEnv = process.env,
): ConfiguredBigQueryDataset | undefined {
  const projectId = env.INVESTIGATOR_BIGQUERY_PROJECT;
  if (projectId === undefined || projectId === '') return undefined;
  const dataset = env.INVESTIGATOR_BIGQUERY_DATASET;
  if (dataset === undefined || dataset === '') {
    throw new LogQueryError({
      reason: 'failed',
      message:
        'INVESTIGATOR_BIGQUERY_PROJECT is set but INVESTIGATOR_BIGQUERY_DATASET is not: name the dataset of the log tables',
    });
  }
  const location = env.INVESTIGATOR_BIGQUERY_LOCATION;
  return { projectId, dataset, ...(location === undefined || location === '' ? {} : { location }) };
}
