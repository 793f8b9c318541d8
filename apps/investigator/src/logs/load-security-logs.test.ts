import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityLogsSource } from './__fixtures__/log4shell-database.js';
import { type LoadProgress, loadSecurityLogs } from './load-security-logs.js';
import { LogLoadError } from './log-load-error.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'investigator-load-'));
});
afterAll(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe('loadSecurityLogs', () => {
  it('extracts the zips and builds one commented table per source, reporting progress', async () => {
    const file = join(dir, 'sub', 'logs.duckdb');
    const events: LoadProgress[] = [];
    const result = await loadSecurityLogs({
      source: securityLogsSource,
      file,
      only: ['log4shell', 'goldensaml'],
      onProgress: (event) => events.push(event),
    });
    expect(result.tables).toEqual([
      { table: 'ubuntu5_auditd', rows: 50 },
      { table: 'ubuntu5_sysmon', rows: 93 },
      { table: 'ubuntu5_vmconnection', rows: 5 },
      { table: 'workstation5_sysmon', rows: 487 },
      { table: 'workstation5_security', rows: 39 },
      { table: 'azure_ad_audit', rows: 4 },
      { table: 'm365_defender_events', rows: 9 },
      { table: 'office_activity', rows: 1 },
      { table: 'tenant_windows_events', rows: 38 },
    ]);
    expect(events.filter((event) => event.type === 'table-end')).toHaveLength(9);
    expect(events[0]).toEqual({ type: 'table-start', table: 'ubuntu5_auditd', index: 0, total: 9 });
    expect(await readdir(join(dir, 'sub'))).toEqual(['logs.duckdb']);

    const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
    const connection = await instance.connect();
    const comments = await connection.runAndReadAll(
      "select comment from duckdb_tables() where table_name = 'ubuntu5_vmconnection'",
    );
    expect(String(comments.getRows()[0]?.[0])).toContain('VMConnection');
    connection.closeSync();
    instance.closeSync();
  });

  it('names Zeek columns from the #fields header and keeps the source file of a multi-file table', async () => {
    const file = join(dir, 'zeek.duckdb');
    await loadSecurityLogs({ source: securityLogsSource, file, only: ['mkt01_zeek_conn', 'apt29_zeek'] });
    const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
    const connection = await instance.connect();
    const conn = await connection.runAndReadAll(
      'select id_orig_h, id_resp_p, proto from mkt01_zeek_conn order by ts limit 1',
    );
    expect(conn.columnNames()).toEqual(['id_orig_h', 'id_resp_p', 'proto']);
    const days = await connection.runAndReadAll(
      'select source_file, count(*) from apt29_zeek group by source_file order by source_file',
    );
    expect(days.getRows().map(([name, count]) => [name, Number(count)])).toEqual([
      ['otrf/apt29_zeek/day1/combined_zeek.log', 2140],
      ['otrf/apt29_zeek/day2/combined_zeek.log', 5664],
    ]);
    connection.closeSync();
    instance.closeSync();
  });

  it('refuses to overwrite an existing database unless asked, and never leaves a partial file', async () => {
    const file = join(dir, 'existing.duckdb');
    await writeFile(file, 'kept');
    const error = await loadSecurityLogs({ source: securityLogsSource, file, only: ['goldensaml'] }).catch(
      (caught: unknown) => caught,
    );
    expect(LogLoadError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/already exists; pass replace/);

    const broken = join(dir, 'broken-source');
    await cp(securityLogsSource, broken, {
      recursive: true,
      filter: (path) => !path.includes('lsass_campaign_01') && !path.includes('apt29'),
    });
    await writeFile(join(broken, 'otrf/goldensaml/OfficeActivityEvents.Zip'), 'not a zip');
    const failed = await loadSecurityLogs({
      source: broken,
      file,
      only: ['goldensaml'],
      replace: true,
    }).catch((caught: unknown) => caught);
    expect((failed as Error).message).toMatch(/OfficeActivityEvents\.Zip is not a readable zip/);
    expect(
      (await readdir(dir)).filter((name) => name.startsWith('existing') || name.startsWith('.logs-load')),
    ).toEqual(['existing.duckdb']);
  });

  it('names an unknown dataset and a missing source', async () => {
    await expect(
      loadSecurityLogs({ source: securityLogsSource, file: join(dir, 'x.duckdb'), only: ['nope'] }),
    ).rejects.toThrow(/unknown dataset or table "nope"; expected a dataset \(lsass_campaign_01, log4shell/);
    await expect(
      loadSecurityLogs({ source: join(dir, 'absent'), file: join(dir, 'x.duckdb') }),
    ).rejects.toThrow(/no security-logs folder at .*absent/);
  });
});
