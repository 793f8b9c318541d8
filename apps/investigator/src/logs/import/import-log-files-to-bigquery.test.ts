import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBigQueryLoopback } from '../__fixtures__/bigquery-loopback-server.js';
import { LogLoadError } from '../log-load-error.js';
import { openBigQueryLogEngine } from '../open-bigquery-log-engine.js';
import { importLogFilesToBigQuery } from './import-log-files-to-bigquery.js';

const projectId = 'acme-soc';
const dataset = 'security_logs';
// The loopback needs no credentials; without a client the library would look for them.
const authClient = {
  getRequestHeaders: async () => new Headers({ authorization: 'Bearer loopback-token' }),
} as unknown as Parameters<typeof importLogFilesToBigQuery>[0]['target']['authClient'];

let dir: string;
let loopback: Awaited<ReturnType<typeof startBigQueryLoopback>>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'investigator-bigquery-import-'));
  await writeFile(
    join(dir, 'audit.ndjson'),
    [
      {
        timestamp: '2024-05-02T08:15:01.123456789Z',
        principal: 'alice@example.org',
        method: 'storage.objects.get',
      },
      {
        timestamp: '2024-05-02T08:17:42.5Z',
        principal: 'mallory@example.net',
        method: 'iam.serviceAccountKeys.create',
      },
    ]
      .map((entry) => JSON.stringify(entry))
      .join('\n'),
  );
  await writeFile(
    join(dir, 'more.ndjson'),
    `${JSON.stringify({ timestamp: '2024-05-02T09:00:00Z', principal: 'bob@example.org', method: 'storage.buckets.delete', callerIp: '203.0.113.9' })}\n`,
  );
  await writeFile(join(dir, 'broken.ndjson'), '{"a": 1}\n{"a": \n');
  loopback = await startBigQueryLoopback({ projectId, dataset, queries: {}, tables: [] });
});
afterAll(async () => {
  await loopback?.close();
  await rm(dir, { recursive: true, force: true });
});

const target = () => ({ target: { projectId, dataset, apiEndpoint: loopback.url, authClient } });

describe('importLogFilesToBigQuery', () => {
  it('loads the parsed rows in one job with the description, and the engine lists the table with it', async () => {
    const result = await importLogFilesToBigQuery({
      ...target(),
      table: 'cloud_audit',
      files: [join(dir, 'audit.ndjson')],
      description: 'Cloud audit log entries of one project (timestamp, principal, method).',
    });
    expect(result).toMatchObject({
      database: 'bigquery:acme-soc.security_logs',
      format: 'ndjson',
      rowsAfter: 2,
    });
    expect(result.columns).toContainEqual({ name: 'timestamp', type: 'TIMESTAMP', timestamp: 'iso-8601' });
    expect(loopback.loads).toHaveLength(1);
    expect(loopback.loads[0]?.load).toMatchObject({
      sourceFormat: 'PARQUET',
      writeDisposition: 'WRITE_EMPTY',
      destinationTable: { projectId, datasetId: dataset, tableId: 'cloud_audit' },
      destinationTableProperties: {
        description: 'Cloud audit log entries of one project (timestamp, principal, method).',
      },
    });
    expect(loopback.loads[0]?.rows.map((row) => row.principal)).toEqual([
      'alice@example.org',
      'mallory@example.net',
    ]);
    const engine = await openBigQueryLogEngine({ ...target().target, maxBytesBilled: 1_000_000 });
    try {
      expect(await engine.tables()).toEqual([
        expect.objectContaining({
          name: 'cloud_audit',
          description: 'Cloud audit log entries of one project (timestamp, principal, method).',
          rowCount: 2,
        }),
      ]);
    } finally {
      await engine.close();
    }
  });

  it('appends with new columns allowed, and a create on a table with rows is refused by BigQuery', async () => {
    const create = await importLogFilesToBigQuery({
      ...target(),
      table: 'cloud_audit',
      files: [join(dir, 'more.ndjson')],
    }).catch((caught: unknown) => caught);
    expect(LogLoadError.isInstance(create)).toBe(true);
    expect((create as Error).message).toMatch(/Already Exists.*pass --append to add these rows or --replace/);
    await importLogFilesToBigQuery({
      ...target(),
      table: 'cloud_audit',
      files: [join(dir, 'more.ndjson')],
      mode: 'append',
    });
    expect(loopback.loads.at(-1)?.load).toMatchObject({
      writeDisposition: 'WRITE_APPEND',
      schemaUpdateOptions: ['ALLOW_FIELD_ADDITION'],
    });
  });

  it('sends nothing when a file is bad, naming it and the line', async () => {
    const before = loopback.loads.length;
    await expect(
      importLogFilesToBigQuery({ ...target(), table: 'broken', files: [join(dir, 'broken.ndjson')] }),
    ).rejects.toThrow(/broken\.ndjson: line \d+, byte \d+: .*expected one JSON object per line/);
    expect(loopback.loads).toHaveLength(before);
  });
});
