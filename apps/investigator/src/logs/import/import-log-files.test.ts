import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuckDbLogEngine } from '../duckdb/open-duckdb-log-engine.js';
import { LogLoadError } from '../log-load-error.js';
import { importLogFiles } from './import-log-files.js';

// Small log files written here, one per format; the timestamps are those of GCP audit entries
// (RFC 3339 with nanoseconds) and OpenTelemetry records (epoch nanoseconds).
let dir: string;
const file = (name: string) => join(dir, name);
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'investigator-import-'));
  await writeFile(
    file('audit-1.ndjson'),
    [
      {
        timestamp: '2024-05-02T08:15:01.123456789Z',
        principal: 'alice@example.org',
        method: 'storage.objects.get',
        status: 0,
      },
      {
        timestamp: '2024-05-02T08:16:00.5Z',
        principal: 'bob@example.org',
        method: 'iam.serviceAccountKeys.create',
        status: 0,
      },
    ]
      .map((entry) => JSON.stringify(entry))
      .join('\n'),
  );
  await writeFile(
    file('audit-2.ndjson'),
    `${JSON.stringify({ timestamp: '2024-05-02T09:00:00Z', principal: 'bob@example.org', method: 'storage.buckets.delete', status: 7, callerIp: '203.0.113.9' })}\n`,
  );
  await writeFile(
    file('spans.json'),
    // Written as text: the nanosecond epochs are past what a JavaScript number holds exactly.
    '[{"timeUnixNano": 1714637701123456789, "service": "api", "name": "GET /login"},\n' +
      ' {"timeUnixNano": 1714637702000000001, "service": "api", "name": "POST /login"}]',
  );
  await writeFile(
    file('logins.csv'),
    'when,user,ok\n2024-05-02 08:00:00,alice,true\n2024-05-02 08:05:00,mallory,false\n',
  );
  await writeFile(
    file('conn.log'),
    [
      '#separator \\x09',
      '#set_separator\t,',
      '#empty_field\t(empty)',
      '#unset_field\t-',
      '#path\tconn',
      '#fields\tts\tuid\tid.orig_h\tid.orig_p\tid.resp_h\tid.resp_p\tproto\tduration',
      '#types\ttime\tstring\taddr\tport\taddr\tport\tenum\tinterval',
      '1714637701.250000\tCx1\t10.0.0.5\t49152\t198.51.100.7\t443\ttcp\t1.5',
      '1714637702.750000\tCx2\t10.0.0.5\t49153\t198.51.100.7\t443\ttcp\t-',
      '#close\t2024-05-02-09-00-00',
    ].join('\n'),
  );
  await writeFile(file('broken.ndjson'), '{"a": 1}\n{"a": 2}\n{"a": \n');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const hash = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('importLogFiles', () => {
  it('creates a table from NDJSON files, columns unified by name, nanosecond text parsed, the description stored', async () => {
    const database = file('create.duckdb');
    const result = await importLogFiles({
      database,
      table: 'gcp_audit',
      files: [file('audit-1.ndjson'), file('audit-2.ndjson')],
      description: 'Cloud audit log entries (timestamp, principal, method, status, callerIp).',
    });
    expect(result).toMatchObject({
      format: 'ndjson',
      mode: 'create',
      rowsBefore: 0,
      rowsAfter: 3,
      files: [
        { path: file('audit-1.ndjson'), rows: 2 },
        { path: file('audit-2.ndjson'), rows: 1 },
      ],
    });
    expect(result.columns).toContainEqual({ name: 'timestamp', type: 'TIMESTAMP_NS', timestamp: 'iso-8601' });
    expect(result.columns.map((column) => column.name)).toContain('callerIp');
    const engine = await openDuckDbLogEngine({ file: database });
    try {
      const [table] = await engine.tables();
      expect(table?.description).toBe(
        'Cloud audit log entries (timestamp, principal, method, status, callerIp).',
      );
      const rows = await engine.query(
        "select principal, strftime(timestamp, '%H:%M:%S.%n') as at from gcp_audit where timestamp < '2024-05-02 08:16' order by timestamp",
      );
      expect(rows.rows).toEqual([{ principal: 'alice@example.org', at: '08:15:01.123456789' }]);
    } finally {
      await engine.close();
    }
  });

  it('reads a JSON array with epoch nanoseconds, CSV, and Zeek logs with their types', async () => {
    const database = file('formats.duckdb');
    const spans = await importLogFiles({ database, table: 'spans', files: [file('spans.json')] });
    expect(spans.format).toBe('json');
    expect(spans.columns).toContainEqual({
      name: 'timeUnixNano',
      type: 'TIMESTAMP_NS',
      timestamp: 'epoch-ns',
    });
    const logins = await importLogFiles({
      database,
      table: 'logins',
      files: [file('logins.csv')],
      timestampColumns: ['when'],
    });
    expect(logins.format).toBe('csv');
    expect(logins.columns.find((column) => column.name === 'when')?.type).toMatch(/^TIMESTAMP/);
    const conn = await importLogFiles({ database, table: 'zeek_conn', files: [file('conn.log')] });
    expect(conn.format).toBe('zeek');
    expect(conn.columns).toEqual([
      { name: 'ts', type: 'TIMESTAMP', timestamp: 'epoch-s' },
      { name: 'uid', type: 'VARCHAR' },
      { name: 'id_orig_h', type: 'VARCHAR' },
      { name: 'id_orig_p', type: 'INTEGER' },
      { name: 'id_resp_h', type: 'VARCHAR' },
      { name: 'id_resp_p', type: 'INTEGER' },
      { name: 'proto', type: 'VARCHAR' },
      { name: 'duration', type: 'DOUBLE' },
    ]);
    expect(conn.rowsAfter).toBe(2);
  });

  it('reads Parquet', async () => {
    const parquet = file('events.parquet');
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    await connection.run(
      `copy (select 1714637701000 as event_time, 'login' as action union all select 1714637702000, 'logout') to '${parquet}' (format parquet)`,
    );
    instance.closeSync();
    const result = await importLogFiles({
      database: file('parquet.duckdb'),
      table: 'events',
      files: [parquet],
    });
    expect(result.format).toBe('parquet');
    expect(result.columns[0]).toEqual({ name: 'event_time', type: 'TIMESTAMP', timestamp: 'epoch-ms' });
  });

  it('appends (adding new columns) and replaces, each as one transaction', async () => {
    const database = file('append.duckdb');
    await importLogFiles({ database, table: 'audit', files: [file('audit-1.ndjson')] });
    await expect(
      importLogFiles({ database, table: 'audit', files: [file('audit-2.ndjson')] }),
    ).rejects.toThrow(
      /table audit already exists .*; pass --append to add these rows or --replace to rebuild it/,
    );
    const appended = await importLogFiles({
      database,
      table: 'audit',
      files: [file('audit-2.ndjson')],
      mode: 'append',
    });
    expect(appended).toMatchObject({ rowsBefore: 2, rowsAfter: 3 });
    expect(appended.columns.find((column) => column.name === 'callerIp')).toMatchObject({ added: true });
    const replaced = await importLogFiles({
      database,
      table: 'audit',
      files: [file('audit-2.ndjson')],
      mode: 'replace',
    });
    expect(replaced.rowsAfter).toBe(1);
  });

  it('names the file, line and what was expected, and stores nothing of a failed import', async () => {
    const database = file('failed.duckdb');
    await importLogFiles({ database, table: 'audit', files: [file('audit-1.ndjson')] });
    const before = hash(database);
    const error = await importLogFiles({
      database,
      table: 'audit',
      files: [file('audit-2.ndjson'), file('broken.ndjson')],
      mode: 'append',
    }).catch((caught: unknown) => caught);
    expect(LogLoadError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^${file('broken.ndjson')}: line \\d+, byte \\d+: unexpected end of data.*; expected one JSON object per line`,
      ),
    );
    expect(hash(database)).toBe(before);
    const fresh = file('never.duckdb');
    await expect(
      importLogFiles({ database: fresh, table: 't', files: [file('broken.ndjson')] }),
    ).rejects.toThrow(/broken\.ndjson: line \d+/);
    expect(existsSync(fresh)).toBe(false);
  });

  it('refuses a bad table name, a missing file and a column named as a timestamp that is not one', async () => {
    const database = file('refused.duckdb');
    await expect(
      importLogFiles({ database, table: '1 drop', files: [file('audit-1.ndjson')] }),
    ).rejects.toThrow(/table name "1 drop": expected letters, digits and _/);
    await expect(importLogFiles({ database, table: 't', files: [file('nope.json')] })).rejects.toThrow(
      /nope\.json: no such file/,
    );
    await expect(
      importLogFiles({
        database,
        table: 't',
        files: [file('audit-1.ndjson')],
        timestampColumns: ['principal'],
      }),
    ).rejects.toThrow(/column principal was named as a timestamp, but holds "alice@example.org"/);
    await expect(
      importLogFiles({ database, table: 't', files: [file('audit-1.ndjson')], timestampColumns: ['when'] }),
    ).rejects.toThrow(/--timestamp when: the files have no column when/);
    expect(existsSync(database)).toBe(false);
  });
});
