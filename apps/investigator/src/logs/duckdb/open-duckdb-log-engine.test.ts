import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLog4ShellDatabase } from '../__fixtures__/log4shell-database.js';
import type { LogEngine } from '../log-engine.js';
import { LogQueryError } from '../log-query-error.js';
import { openDuckDbLogEngine } from './open-duckdb-log-engine.js';

let database: Awaited<ReturnType<typeof buildLog4ShellDatabase>>;
let engine: LogEngine;

beforeAll(async () => {
  database = await buildLog4ShellDatabase();
  engine = await openDuckDbLogEngine({ file: database.file });
});
afterAll(async () => {
  await engine?.close();
  await database?.remove();
});

/** Names, sizes and modification times of the folder's files, and the database file's hash. */
function snapshot(): string {
  const files = readdirSync(database.dir).map((name) => {
    const info = statSync(join(database.dir, name));
    return `${name}:${info.size}:${info.mtimeMs}`;
  });
  const hash = createHash('sha256').update(readFileSync(database.file)).digest('hex');
  return `${files.sort().join(',')}|${hash}`;
}

async function refusal(sql: string, limits?: Parameters<LogEngine['query']>[1]): Promise<LogQueryError> {
  const error = await engine.query(sql, limits).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!LogQueryError.isInstance(error)) throw new Error(`expected a refusal of ${sql}, got ${String(error)}`);
  return error;
}

describe('openDuckDbLogEngine', () => {
  it('lists the tables with their descriptions and columns', async () => {
    const tables = await engine.tables();
    expect(tables.map((table) => table.name)).toEqual([
      'ubuntu5_auditd',
      'ubuntu5_sysmon',
      'ubuntu5_vmconnection',
      'workstation5_security',
      'workstation5_sysmon',
    ]);
    const auditd = tables.find((table) => table.name === 'ubuntu5_auditd');
    expect(auditd?.description).toContain('UBUNTU5');
    expect(auditd?.columns.map((column) => column.name)).toContain('SyslogMessage');
  });

  it('answers an aggregate in full, with the dry-run estimate', async () => {
    const result = await engine.query(
      "select Computer, count(*) as events from ubuntu5_auditd where SyslogMessage like '%bash -i%' group by Computer",
    );
    expect(result.rows).toEqual([{ Computer: 'UBUNTU5', events: expect.any(String) }]);
    expect(Number(result.rows[0]?.events)).toBeGreaterThan(0);
    expect(result.hasMore).toBe(false);
    expect(result.hint).toBeUndefined();
    expect(result.estimate?.rows).toBeGreaterThan(0);
  });

  it('caps rows and bytes, says has_more with a hint to aggregate, and pages through the kept result', async () => {
    const first = await engine.query('select * from workstation5_sysmon order by TimeGenerated', {
      maxRows: 20,
      maxBytes: 8_000,
    });
    expect(first.rowCount).toBeLessThanOrEqual(20);
    expect(first.bytes).toBeLessThanOrEqual(8_000);
    expect(first.hasMore).toBe(true);
    expect(first.totalRows).toBe(487);
    expect(first.hint).toMatch(/Aggregate instead/);
    const rows = [...first.rows];
    let next = first;
    while (next.hasMore) {
      next = await engine.page(first.resultId, rows.length, 50);
      expect(next.rowCount).toBeGreaterThan(0);
      rows.push(...next.rows);
    }
    expect(rows).toHaveLength(487);
    await expect(engine.page('r999', 0)).rejects.toThrow(/no result "r999"/);
    await expect(engine.page(first.resultId, 488)).rejects.toThrow(/offset 488 is outside/);
  });

  describe('red team: refused, nothing written', () => {
    let before: string;
    beforeAll(() => {
      before = snapshot();
    });
    afterAll(() => {
      expect(snapshot()).toBe(before);
      expect(existsSync(join(database.dir, 'out.csv'))).toBe(false);
      expect(existsSync(join(database.dir, 'other.duckdb'))).toBe(false);
      expect(existsSync(join(database.dir, 'export'))).toBe(false);
    });

    it.each([
      ['COPY … TO', `copy ubuntu5_auditd to '${'DIR'}/out.csv'`, 'not-read-only'],
      [
        'COPY (query) TO',
        `copy (select * from ubuntu5_auditd) to 'DIR/out.csv' (format csv)`,
        'not-read-only',
      ],
      ['EXPORT DATABASE', `export database 'DIR/export'`, 'not-read-only'],
      ['ATTACH', `attach 'DIR/other.duckdb' as other`, 'not-read-only'],
      ['INSTALL httpfs', 'install httpfs', 'not-read-only'],
      ['LOAD httpfs', 'load httpfs', 'not-read-only'],
      ['SET', 'set threads = 8', 'not-read-only'],
      ['RESET', 'reset memory_limit', 'not-read-only'],
      ['PRAGMA (reported as SELECT)', 'pragma database_list', 'not-read-only'],
      ['CALL', 'call pragma_version()', 'not-read-only'],
      ['CHECKPOINT', 'checkpoint', 'not-read-only'],
      ['CREATE', 'create table stolen as select * from ubuntu5_auditd', 'not-read-only'],
      [
        'WITH … INSERT',
        'with a as (select 1 as x) insert into ubuntu5_auditd select * from a',
        'not-read-only',
      ],
      ['EXPLAIN ANALYZE COPY', `explain analyze copy ubuntu5_auditd to 'DIR/out.csv'`, 'not-read-only'],
      ['multiple statements', 'select 1; select 2', 'multiple-statements'],
      [
        'a second statement after a comment',
        "select 1; -- just a comment\ncopy ubuntu5_auditd to 'DIR/out.csv'",
        'multiple-statements',
      ],
      [
        'a block comment hiding the verb',
        "/* select */ copy ubuntu5_auditd to 'DIR/out.csv'",
        'not-read-only',
      ],
      ['a line comment hiding the verb', "-- select\nattach 'DIR/other.duckdb' as other", 'not-read-only'],
      ['nested comments', "/* /* select */ select */ attach 'DIR/other.duckdb' as other", 'not-read-only'],
      ['parentheses before the verb', "(copy ubuntu5_auditd to 'DIR/out.csv')", 'not-read-only'],
      ['read_text of /etc/passwd', "select * from read_text('/etc/passwd')", 'not-read-only'],
      ['a file path as a table', "select * from '/etc/passwd'", 'not-read-only'],
      [
        'read_csv of a file beside the database',
        "select * from read_csv('DIR/logs.duckdb')",
        'not-read-only',
      ],
      [
        'query() running a write',
        "select * from query('copy ubuntu5_auditd to ''DIR/out.csv''')",
        'not-read-only',
      ],
    ])('%s', async (_name, template, reason) => {
      const error = await refusal(template.replaceAll('DIR', database.dir));
      expect(error.reason).toBe(reason);
      expect(error.message.length).toBeGreaterThan(0);
    });

    it('refuses a cross join that would spill, before running it, with the estimate', async () => {
      const error = await refusal(
        'select * from workstation5_sysmon a, workstation5_sysmon b, workstation5_sysmon c',
      );
      expect(error.reason).toBe('over-budget');
      expect(error.estimate?.rows).toBe(487 ** 3);
      expect(error.message).toContain('115,501,303 rows');
    });

    it('dry-runs the query inside EXPLAIN ANALYZE, which would run it', async () => {
      const error = await refusal(
        'explain analyze select count(*) from workstation5_sysmon a, workstation5_sysmon b, workstation5_sysmon c',
      );
      expect(error.reason).toBe('over-budget');
    });

    it('refuses a plan over a smaller byte budget with the estimate in the message', async () => {
      const small = await openDuckDbLogEngine({ file: database.file, maxEstimatedBytes: 10_000 });
      try {
        const error = await small.query('select * from workstation5_sysmon').catch((caught) => caught);
        expect(LogQueryError.isInstance(error) && error.reason).toBe('over-budget');
        expect((error as LogQueryError).estimate?.bytes).toBeGreaterThan(10_000);
      } finally {
        await small.close();
      }
    });

    it('fails a query past the memory limit instead of spilling it to disk', async () => {
      const small = await openDuckDbLogEngine({ file: database.file, memoryLimit: '16MB', threads: 1 });
      try {
        const error = await small
          .query(
            'select count(*) from (select distinct a.EventData || b.EventData from workstation5_sysmon a, workstation5_sysmon b)',
          )
          .catch((caught) => caught);
        expect(LogQueryError.isInstance(error) && error.reason).toBe('over-budget');
        expect((error as Error).message).toMatch(
          /more memory than the limit, and nothing spills to disk: Out of Memory/,
        );
      } finally {
        await small.close();
      }
    });

    it('interrupts a query past its time limit and stays usable', async () => {
      const slow = await openDuckDbLogEngine({
        file: database.file,
        maxEstimatedRows: 1e12,
        maxEstimatedBytes: 1e15,
      });
      try {
        const error = await slow
          .query('with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r', {
            timeoutMs: 100,
          })
          .catch((caught) => caught);
        expect(LogQueryError.isInstance(error) && error.reason).toBe('timeout');
        expect((error as Error).message).toMatch(/ran past 100 ms and was interrupted/);
        const after = await slow.query('select count(*) as n from ubuntu5_vmconnection');
        expect(after.rows).toEqual([{ n: '5' }]);
      } finally {
        await slow.close();
      }
    });
  });

  it('accepts DESCRIBE, SUMMARIZE, SHOW, EXPLAIN and FROM-first queries', async () => {
    for (const sql of [
      'describe ubuntu5_vmconnection',
      'summarize ubuntu5_vmconnection',
      'show tables',
      'explain select * from ubuntu5_vmconnection',
      '-- the outbound connections\nfrom ubuntu5_vmconnection select ProcessName, DestinationIp',
      'with x as (select 1 as a) select * from x',
    ]) {
      const result = await engine.query(sql);
      expect(result.rowCount, sql).toBeGreaterThan(0);
    }
  });

  it('names a missing database file and how to build it', async () => {
    await expect(openDuckDbLogEngine({ file: join(database.dir, 'missing.duckdb') })).rejects.toThrow(
      /investigator logs load/,
    );
  });
});
