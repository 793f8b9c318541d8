import { BigQuery, type BigQueryOptions } from '@google-cloud/bigquery';

/** Where and as whom the BigQuery client talks. */
export interface BigQueryClientOptions {
  projectId: string;
  /** The dataset's location (`US`, `EU`, …), when it is not the default. */
  location?: string;
  /** Another API endpoint (an emulator, a private endpoint); by default Google's. */
  apiEndpoint?: string;
  /** Credentials: an auth client (google-auth-library); by default Application Default Credentials. */
  authClient?: BigQueryOptions['authClient'];
  /** Credentials: a service account key file, instead of Application Default Credentials. */
  keyFilename?: string;
}

/** Google's BigQuery client with only the options that were given (the log engine's and the importer's). */
export function createBigQueryClient({
  projectId,
  location,
  apiEndpoint,
  authClient,
  keyFilename,
}: BigQueryClientOptions): BigQuery {
  return new BigQuery({
    projectId,
    ...(location === undefined ? {} : { location }),
    ...(apiEndpoint === undefined ? {} : { apiEndpoint }),
    ...(authClient === undefined ? {} : { authClient }),
    ...(keyFilename === undefined ? {} : { keyFilename }),
  });
}
