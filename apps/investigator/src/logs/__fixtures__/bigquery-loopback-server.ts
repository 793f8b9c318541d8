import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { BigQueryField } from '../bigquery-rows.js';

/** How the loopback server answers one query text. */
export interface LoopbackQuery {
  fields: BigQueryField[];
  /** Rows as lists of REST cell values (`v`). */
  rows: unknown[][];
  /** `totalBytesProcessed` of its dry run and run. */
  bytes: number;
  /** Polls answered `jobComplete: false` before it completes (default 0; Infinity never completes). */
  pending?: number;
  /** Answer the run (not the dry run) with this error body. */
  error?: { code: number; message: string; reason: string; status: string };
}

/** One request the server received. */
export interface LoopbackRequestRecord {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | undefined;
  authorization: string | undefined;
}

interface Job {
  spec: LoopbackQuery;
  polls: number;
}

/** A load job the server received (a multipart upload of a Parquet file). */
export interface LoopbackLoad {
  /** `configuration.load` as sent. */
  load: Record<string, unknown>;
  /** The rows of the uploaded file, read with DuckDB. */
  rows: Record<string, unknown>[];
}

/**
 * A loopback HTTP server speaking the parts of BigQuery's REST API v2 the log engine uses, with the
 * documented response shapes: `jobs.query` (POST …/queries, with `dryRun`), `jobs.getQueryResults`
 * (GET …/queries/{jobId}, paged by `pageToken`), `jobs.cancel`, `tables.list` and `tables.get`, and the
 * documented error body (`{ error: { code, message, errors: [{ reason, … }], status } }`); and load jobs
 * (a multipart upload to …/upload/…/jobs of a Parquet file, then `jobs.get`), which create, append to
 * (`WRITE_APPEND`) or replace (`WRITE_TRUNCATE`) a table with the load's description; `WRITE_EMPTY` on a
 * table with rows fails the job with `duplicate`.
 */
export async function startBigQueryLoopback({
  projectId,
  dataset,
  queries,
  tables,
}: {
  projectId: string;
  dataset: string;
  queries: Record<string, LoopbackQuery>;
  tables: { tableId: string; description: string; numRows: number; fields: BigQueryField[] }[];
}): Promise<{
  url: string;
  requests: LoopbackRequestRecord[];
  loads: LoopbackLoad[];
  close: () => Promise<void>;
}> {
  const requests: LoopbackRequestRecord[] = [];
  const loads: LoopbackLoad[] = [];
  const loadJobs = new Map<string, Record<string, unknown>>();
  const jobs = new Map<string, Job>();
  const prefix = `/bigquery/v2/projects/${projectId}`;
  let counter = 0;

  const page = (jobId: string, job: Job, offset: number, maxResults: number) => {
    const rows = job.spec.rows.slice(offset, offset + maxResults).map((row) => ({ f: row.map((v) => ({ v })) }));
    const next = offset + maxResults;
    return {
      jobReference: { projectId, jobId, location: 'US' },
      schema: { fields: job.spec.fields },
      totalRows: String(job.spec.rows.length),
      rows,
      ...(next < job.spec.rows.length ? { pageToken: `p${next}` } : {}),
      totalBytesProcessed: String(job.spec.bytes),
      jobComplete: true,
      cacheHit: false,
    };
  };

  const server = createServer(async (incoming, response) => {
    const url = new URL(incoming.url ?? '/', 'http://loopback');
    if (incoming.method === 'POST' && url.pathname === `/upload${prefix}/jobs`) {
      const job = await loadJob(incoming, { projectId, dataset, tables, loads });
      loadJobs.set(String((job.jobReference as { jobId: string }).jobId), job);
      response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      response.end(JSON.stringify(job));
      return;
    }
    const body = await readBody(incoming);
    requests.push({
      method: incoming.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      authorization: incoming.headers.authorization,
    });
    const send = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      response.end(JSON.stringify(payload));
    };
    const fail = (code: number, message: string, reason: string, status: string) =>
      send(code, { error: { code, message, errors: [{ message, domain: 'global', reason }], status } });
    const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : '';

    if (incoming.method === 'POST' && path === '/queries') {
      const spec = queries[String(body?.query)];
      if (spec === undefined) {
        return fail(400, `Syntax error: Unrecognized query at [1:1]`, 'invalidQuery', 'INVALID_ARGUMENT');
      }
      if (body?.dryRun === true) {
        return send(200, {
          kind: 'bigquery#queryResponse',
          schema: { fields: spec.fields },
          jobReference: { projectId, location: 'US' },
          totalBytesProcessed: String(spec.bytes),
          jobComplete: true,
          cacheHit: false,
        });
      }
      if (spec.error !== undefined) {
        return fail(spec.error.code, spec.error.message, spec.error.reason, spec.error.status);
      }
      counter += 1;
      const jobId = `job_${counter}`;
      const job: Job = { spec, polls: 0 };
      jobs.set(jobId, job);
      if ((spec.pending ?? 0) > 0) {
        return send(200, {
          kind: 'bigquery#queryResponse',
          jobReference: { projectId, jobId, location: 'US' },
          jobComplete: false,
        });
      }
      return send(200, { kind: 'bigquery#queryResponse', ...page(jobId, job, 0, Number(body?.maxResults ?? 1000)) });
    }
    const results = /^\/queries\/([^/]+)$/.exec(path);
    if (incoming.method === 'GET' && results !== null) {
      const jobId = decodeURIComponent(results[1] as string);
      const job = jobs.get(jobId);
      if (job === undefined) return fail(404, `Not found: Job ${projectId}:US.${jobId}`, 'notFound', 'NOT_FOUND');
      job.polls += 1;
      if (job.polls <= (job.spec.pending ?? 0)) {
        return send(200, {
          kind: 'bigquery#getQueryResultsResponse',
          jobReference: { projectId, jobId, location: 'US' },
          jobComplete: false,
        });
      }
      const offset = Number((url.searchParams.get('pageToken') ?? 'p0').slice(1));
      const maxResults = Number(url.searchParams.get('maxResults') ?? 1000);
      return send(200, { kind: 'bigquery#getQueryResultsResponse', etag: 'e', ...page(jobId, job, offset, maxResults) });
    }
    const cancel = /^\/jobs\/([^/]+)\/cancel$/.exec(path);
    if (incoming.method === 'POST' && cancel !== null) {
      const jobId = decodeURIComponent(cancel[1] as string);
      return send(200, {
        kind: 'bigquery#jobCancelResponse',
        job: { jobReference: { projectId, jobId, location: 'US' }, status: { state: 'DONE' } },
      });
    }
    const loadJobMatch = /^\/jobs\/([^/]+)$/.exec(path);
    const loaded = loadJobs.get(decodeURIComponent(loadJobMatch?.[1] ?? ''));
    if (incoming.method === 'GET' && loaded !== undefined) return send(200, loaded);
    if (incoming.method === 'GET' && path === `/datasets/${dataset}/tables`) {
      return send(200, {
        kind: 'bigquery#tableList',
        tables: tables.map((table) => ({
          kind: 'bigquery#table',
          id: `${projectId}:${dataset}.${table.tableId}`,
          tableReference: { projectId, datasetId: dataset, tableId: table.tableId },
          type: 'TABLE',
        })),
        totalItems: tables.length,
      });
    }
    const tableMatch = new RegExp(`^/datasets/${dataset}/tables/([^/]+)$`).exec(path);
    const table = tables.find((entry) => entry.tableId === decodeURIComponent(tableMatch?.[1] ?? ''));
    if (incoming.method === 'GET' && table !== undefined) {
      return send(200, {
        kind: 'bigquery#table',
        id: `${projectId}:${dataset}.${table.tableId}`,
        tableReference: { projectId, datasetId: dataset, tableId: table.tableId },
        description: table.description,
        numRows: String(table.numRows),
        schema: { fields: table.fields },
        type: 'TABLE',
      });
    }
    return fail(404, `Not found: ${url.pathname}`, 'notFound', 'NOT_FOUND');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    loads,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function readBody(incoming: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>);
}

const bigQueryTypes: Record<string, string> = {
  BIGINT: 'INTEGER',
  INTEGER: 'INTEGER',
  DOUBLE: 'FLOAT',
  BOOLEAN: 'BOOLEAN',
  TIMESTAMP: 'TIMESTAMP',
  'TIMESTAMP WITH TIME ZONE': 'TIMESTAMP',
};

/** Handles one multipart load upload: reads the Parquet part with DuckDB and applies the write disposition. */
async function loadJob(
  incoming: IncomingMessage,
  {
    projectId,
    dataset,
    tables,
    loads,
  }: {
    projectId: string;
    dataset: string;
    tables: { tableId: string; description: string; numRows: number; fields: BigQueryField[] }[];
    loads: LoopbackLoad[];
  },
): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const boundary = /boundary="?([^";]+)"?/.exec(incoming.headers['content-type'] ?? '')?.[1] ?? '';
  const parts: Buffer[] = [];
  let start = raw.indexOf(`--${boundary}`);
  while (start !== -1) {
    const next = raw.indexOf(`\r\n--${boundary}`, start + boundary.length + 2);
    if (next === -1) break;
    const headerEnd = raw.indexOf('\r\n\r\n', start);
    parts.push(raw.subarray(headerEnd + 4, next));
    start = next + 2;
  }
  const metadata = JSON.parse(String(parts[0])) as { configuration: { load: Record<string, unknown> }; jobReference: Record<string, unknown> };
  const load = metadata.configuration.load;
  const scratch = await mkdtemp(join(tmpdir(), 'bigquery-loopback-'));
  let rows: Record<string, unknown>[];
  let fields: BigQueryField[];
  try {
    const file = join(scratch, 'upload.parquet');
    await writeFile(file, parts[1] ?? Buffer.alloc(0));
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    rows = (await connection.runAndReadAll(`select * from read_parquet('${file}')`)).getRowObjectsJson() as Record<string, unknown>[];
    const described = (await connection.runAndReadAll(`describe select * from read_parquet('${file}')`)).getRows();
    fields = described.map(([name, type]) => ({ name: String(name), type: bigQueryTypes[String(type)] ?? 'STRING' }));
    instance.closeSync();
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  loads.push({ load, rows });
  const reference = load.destinationTable as { tableId: string };
  const existing = tables.find((entry) => entry.tableId === reference.tableId);
  const description = (load.destinationTableProperties as { description?: string } | undefined)?.description;
  const done = (errorResult?: Record<string, unknown>) => ({
    kind: 'bigquery#job',
    id: `${projectId}:US.${String(metadata.jobReference.jobId)}`,
    jobReference: { ...metadata.jobReference, projectId, location: 'US' },
    configuration: { load, jobType: 'LOAD' },
    status: { state: 'DONE', ...(errorResult === undefined ? {} : { errorResult, errors: [errorResult] }) },
    statistics: { load: { outputRows: String(errorResult === undefined ? rows.length : 0) } },
  });
  if (existing !== undefined && existing.numRows > 0 && load.writeDisposition === 'WRITE_EMPTY') {
    return done({ reason: 'duplicate', message: `Already Exists: Table ${projectId}:${dataset}.${reference.tableId}` });
  }
  if (existing === undefined) {
    tables.push({ tableId: reference.tableId, description: description ?? '', numRows: rows.length, fields });
  } else {
    existing.numRows = load.writeDisposition === 'WRITE_APPEND' ? existing.numRows + rows.length : rows.length;
    existing.fields = load.writeDisposition === 'WRITE_APPEND'
      ? [...existing.fields, ...fields.filter((field) => !existing.fields.some((known) => known.name === field.name))]
      : fields;
    if (description !== undefined) existing.description = description;
  }
  return done();
}
