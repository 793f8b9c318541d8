import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoopbackQuery, startBigQueryLoopback } from './__fixtures__/bigquery-loopback-server.js';
import type { LogEngine } from './log-engine.js';
import { LogQueryError } from './log-query-error.js';
import { openBigQueryLogEngine } from './open-bigquery-log-engine.js';

const projectId = 'acme-soc';
const dataset = 'security_logs';
const s3Fields = [
  { name: 'eventTime', type: 'TIMESTAMP', mode: 'NULLABLE' },
  { name: 'eventName', type: 'STRING', mode: 'NULLABLE' },
  { name: 'bytesOut', type: 'INTEGER', mode: 'NULLABLE' },
  {
    name: 'userIdentity',
    type: 'RECORD',
    mode: 'NULLABLE',
    fields: [{ name: 'arn', type: 'STRING', mode: 'NULLABLE' }],
  },
  { name: 'tags', type: 'STRING', mode: 'REPEATED' },
];
const arn =
  'arn:aws:sts::123456789123:assumed-role/MordorNginxStack-BankingWAFRole-9S3E0UAE1MM0/i-0317f6c6b66ae9c40';
const s3Rows = Array.from({ length: 120 }, (_, index) => [
  String(1_600_045_354_000_000 + index * 1_000_000),
  index % 2 === 0 ? 'GetObject' : 'ListObjects',
  String(89 + index),
  { f: [{ v: arn }] },
  [{ v: 'exfil' }],
]);

const queries: Record<string, LoopbackQuery> = {
  'select * from cloudtrail': { fields: s3Fields, rows: s3Rows, bytes: 4_096 },
  'select * from big': {
    fields: [{ name: 'i', type: 'INTEGER' }],
    rows: Array.from({ length: 2_500 }, (_, index) => [String(index)]),
    bytes: 20_000,
  },
  'select count(*) as n from cloudtrail': {
    fields: [{ name: 'n', type: 'INTEGER' }],
    rows: [['120']],
    bytes: 0,
  },
  'select * from huge': { fields: s3Fields, rows: [], bytes: 50 * 1024 ** 3 },
  'select eventName from cloudtrail where true': {
    fields: s3Fields.slice(1, 2),
    rows: [['GetObject']],
    bytes: 100,
    error: {
      code: 400,
      message: 'Query exceeded limit for bytes billed: 1000000. 10485760 or higher required.',
      reason: 'bytesBilledLimitExceeded',
      status: 'INVALID_ARGUMENT',
    },
  },
  'select eventName from cloudtrail where false': {
    fields: s3Fields.slice(1, 2),
    rows: [['GetObject']],
    bytes: 100,
    pending: 2,
  },
  'select 1 as slow': {
    fields: [{ name: 'slow', type: 'INTEGER' }],
    rows: [['1']],
    bytes: 0,
    pending: Infinity,
  },
};

// A fake auth client: the loopback needs no credentials, and without one the client would look for
// Application Default Credentials (and the GCE metadata server).
const authClient = {
  getRequestHeaders: async () => new Headers({ authorization: 'Bearer loopback-token' }),
} as unknown as Parameters<typeof openBigQueryLogEngine>[0]['authClient'];

let loopback: Awaited<ReturnType<typeof startBigQueryLoopback>>;
let engine: LogEngine;

beforeAll(async () => {
  loopback = await startBigQueryLoopback({
    projectId,
    dataset,
    queries,
    tables: [{ tableId: 'cloudtrail', description: 'AWS CloudTrail events', numRows: 120, fields: s3Fields }],
  });
  engine = await openBigQueryLogEngine({
    projectId,
    dataset,
    maxBytesBilled: 1_000_000,
    apiEndpoint: loopback.url,
    authClient,
    pollMs: 1,
  });
});
afterAll(async () => {
  await engine?.close();
  await loopback?.close();
});

function sent(query: string) {
  return loopback.requests.filter((request) => request.body?.query === query);
}

describe('openBigQueryLogEngine', () => {
  it('dry-runs through jobs.query, then runs with maximumBytesBilled, pages getQueryResults and caps the page', async () => {
    const result = await engine.query('select * from cloudtrail', { maxRows: 10 });
    const [dry, run] = sent('select * from cloudtrail');
    expect(dry?.body).toMatchObject({
      dryRun: true,
      useLegacySql: false,
      defaultDataset: { projectId, datasetId: dataset },
    });
    expect(dry?.path).toBe(`/bigquery/v2/projects/${projectId}/queries`);
    expect(run?.body).toMatchObject({ maximumBytesBilled: '1000000', useLegacySql: false });
    expect(run?.body?.dryRun).toBeUndefined();

    expect(result.estimate).toEqual({ bytes: 4_096 });
    expect(result.rowCount).toBe(10);
    expect(result.totalRows).toBe(120);
    expect(result.hasMore).toBe(true);
    expect(result.hint).toMatch(/Aggregate instead/);
    expect(result.rows[0]).toEqual({
      eventTime: '2020-09-14T01:02:34.000Z',
      eventName: 'GetObject',
      bytesOut: 89,
      userIdentity: { arn },
      tags: ['exfil'],
    });
    expect(result.columns.map((column) => column.type)).toEqual([
      'TIMESTAMP',
      'STRING',
      'INTEGER',
      'RECORD',
      'ARRAY<STRING>',
    ]);
    const last = await engine.page(result.resultId, 110, 50);
    expect(last.rows).toHaveLength(10);
    expect(last.hasMore).toBe(false);
  });

  it('follows pageToken through getQueryResults and keeps at most maxKeptRows', async () => {
    const before = loopback.requests.length;
    const result = await engine.query('select * from big', { maxRows: 5 });
    expect(result.totalRows).toBe(2_500);
    const calls = loopback.requests.slice(before);
    expect(calls.map((call) => `${call.method} ${call.query.pageToken ?? ''}`)).toEqual([
      'POST ',
      'POST ',
      'GET p1000',
      'GET p2000',
    ]);
    expect((await engine.page(result.resultId, 2_490)).rows.at(-1)).toEqual({ i: 2_499 });

    const kept = await openBigQueryLogEngine({
      projectId,
      dataset,
      maxBytesBilled: 1_000_000,
      apiEndpoint: loopback.url,
      authClient,
      maxKeptRows: 1_500,
    });
    const cut = await kept.query('select * from big');
    expect(cut.totalRows).toBeUndefined();
    expect(cut.hasMore).toBe(true);
  });

  it('polls an unfinished job until it completes', async () => {
    const result = await engine.query('select eventName from cloudtrail where false');
    expect(result.rows).toEqual([{ eventName: 'GetObject' }]);
    const polls = loopback.requests.filter(
      (request) => request.method === 'GET' && request.path.includes('/queries/'),
    );
    expect(polls.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a query whose dry run is over the byte limit, with the estimate, and never runs it', async () => {
    const error = await engine.query('select * from huge').catch((caught: unknown) => caught);
    expect(LogQueryError.isInstance(error) && error.reason).toBe('over-budget');
    expect((error as LogQueryError).estimate).toEqual({ bytes: 50 * 1024 ** 3 });
    expect((error as Error).message).toContain('53,687,091,200 bytes, over the limit of 1,000,000');
    expect(sent('select * from huge')).toHaveLength(1);
  });

  it("turns BigQuery's bytesBilledLimitExceeded error body into an over-budget refusal", async () => {
    const error = await engine
      .query('select eventName from cloudtrail where true')
      .catch((caught: unknown) => caught);
    expect(LogQueryError.isInstance(error) && error.reason).toBe('over-budget');
    expect((error as Error).message).toContain('Query exceeded limit for bytes billed');
  });

  it('passes a syntax error back as a failed query with BigQuery’s message', async () => {
    const error = await engine.query('select nonsense').catch((caught: unknown) => caught);
    expect(LogQueryError.isInstance(error) && error.reason).toBe('failed');
    expect((error as Error).message).toContain('Syntax error');
  });

  it('cancels a job that runs past the time limit', async () => {
    const error = await engine
      .query('select 1 as slow', { timeoutMs: 30 })
      .catch((caught: unknown) => caught);
    expect(LogQueryError.isInstance(error) && error.reason).toBe('timeout');
    expect(loopback.requests.some((request) => /\/jobs\/job_\d+\/cancel$/.test(request.path))).toBe(true);
  });

  it.each([
    ['a script of two statements', 'select 1; delete from cloudtrail where true', 'multiple-statements'],
    ['a statement hidden after a comment', 'select 1 -- x\n; drop table cloudtrail', 'multiple-statements'],
    ['DML', 'delete from cloudtrail where true', 'not-read-only'],
    ['a comment hiding the verb', '/* select */ insert into cloudtrail values (1)', 'not-read-only'],
    ['EXPORT DATA', "export data options(uri='gs://x/*') as select 1", 'not-read-only'],
  ])('refuses %s before it reaches BigQuery', async (_name, sql, reason) => {
    const before = loopback.requests.length;
    const error = await engine.query(sql).catch((caught: unknown) => caught);
    expect(LogQueryError.isInstance(error) && error.reason).toBe(reason);
    expect(loopback.requests.length).toBe(before);
  });

  it('lists the tables with descriptions, row counts and columns', async () => {
    expect(await engine.tables()).toEqual([
      {
        name: 'cloudtrail',
        description: 'AWS CloudTrail events',
        rowCount: 120,
        columns: [
          { name: 'eventTime', type: 'TIMESTAMP' },
          { name: 'eventName', type: 'STRING' },
          { name: 'bytesOut', type: 'INTEGER' },
          { name: 'userIdentity', type: 'RECORD' },
          { name: 'tags', type: 'ARRAY<STRING>' },
        ],
      },
    ]);
  });

  it('sends the bearer token of the given auth client, and requires a byte limit', async () => {
    expect(loopback.requests.length).toBeGreaterThan(10);
    expect(loopback.requests.every((request) => request.authorization === 'Bearer loopback-token')).toBe(
      true,
    );
    await expect(
      openBigQueryLogEngine({ projectId, dataset, maxBytesBilled: 0, apiEndpoint: loopback.url }),
    ).rejects.toThrow(/maxBytesBilled must be a whole number of bytes of at least 1, got 0/);
  });
});
