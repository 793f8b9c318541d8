import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openConfiguredLogEngine } from './open-configured-log-engine.js';

describe('openConfiguredLogEngine', () => {
  it('opens BigQuery when a project is configured, and names a missing setting', async () => {
    const env = {
      INVESTIGATOR_BIGQUERY_PROJECT: 'acme-soc',
      INVESTIGATOR_BIGQUERY_DATASET: 'security_logs',
      INVESTIGATOR_BIGQUERY_MAX_BYTES: '10737418240',
    };
    expect((await openConfiguredLogEngine({ env })).name).toBe('bigquery');
    await expect(
      openConfiguredLogEngine({ env: { ...env, INVESTIGATOR_BIGQUERY_MAX_BYTES: '10GB' } }),
    ).rejects.toThrow(/INVESTIGATOR_BIGQUERY_MAX_BYTES must be .* got "10GB"/);
    await expect(
      openConfiguredLogEngine({ env: { ...env, INVESTIGATOR_BIGQUERY_DATASET: '' } }),
    ).rejects.toThrow(/INVESTIGATOR_BIGQUERY_DATASET is not/);
  });

  it('opens DuckDB otherwise, at the configured file', async () => {
    await expect(
      openConfiguredLogEngine({ env: { INVESTIGATOR_LOGS_DB: join('/nonexistent', 'logs.duckdb') } }),
    ).rejects.toThrow(/no log database at \/nonexistent\/logs.duckdb/);
  });
});
