import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runInvestigator } from '../e2e/run-investigator.js';
import { runInvestigatorInProcess } from '../e2e/run-investigator-in-process.js';
import { verifyPayload } from '../notify/index.js';

// The team's CLI: users and roles (the first an admin, passwords from stdin), every state-changing
// command acting as a checked user (exit 3 otherwise, nothing changed), cases, approvals decided once, and
// the audit log exported as JSON lines with who did what.

const samples = fileURLToPath(new URL('../../samples/alerts/', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'investigator-team-cli-'));
const store = join(directory, 'store');
afterAll(() => rmSync(directory, { recursive: true, force: true }));

// A receiver of the signed outbound webhook on loopback: every delivery, its signature checked.
const secret = 'a-notification-secret';
const deliveries: Array<{ signed: boolean; body: Record<string, unknown> }> = [];
const receiver = createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8').on('data', (chunk: string) => {
    body += chunk;
  });
  request.on('end', () => {
    const header = String(request.headers['x-investigator-signature'] ?? '');
    const signed = verifyPayload({ body, secret, header, now: Math.floor(Date.now() / 1000) });
    deliveries.push({ signed, body: JSON.parse(body) as Record<string, unknown> });
    response.writeHead(204).end();
  });
});
const receiverUrl = new Promise<string>((resolve) =>
  receiver.listen(0, '127.0.0.1', () =>
    resolve(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`),
  ),
);
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const run = (args: string[], { input, env = {} }: { input?: string; env?: Record<string, string> } = {}) =>
  runInvestigator(args, {
    ...(input === undefined ? {} : { input }),
    env: { INVESTIGATOR_STORE: store, ...env },
  });

/** `run` in this process (`runInvestigatorInProcess`), for the runs that read no standard input. */
const here = (args: string[], { env = {} }: { env?: Record<string, string> } = {}) =>
  runInvestigatorInProcess(args, { env: { INVESTIGATOR_STORE: store, ...env } });

describe('investigator team commands (built CLI, a PGlite directory store)', () => {
  let id = '';
  it('adds users with roles: the first an admin, then only by an admin, passwords from stdin', async () => {
    expect((await here(['users', 'add', 'vic', '--role', 'viewer'])).stderr).toMatch(
      /role: expected admin for the first user of a store, found viewer/,
    );
    const root = await run(['users', 'add', 'root', '--role', 'admin', '--password-stdin'], {
      input: 'a long passphrase\n',
    });
    expect(root.stderr).toBe('');
    expect(root.stdout).toMatch(/^root +admin +active +password/);
    const noActor = await here(['users', 'add', 'ann', '--role', 'analyst']);
    expect(noActor.status).toBe(3);
    expect(noActor.stderr).toBe(
      'investigator: adding a user needs the role admin or above; name yourself with --as <user> or INVESTIGATOR_USER\n',
    );
    expect((await here(['users', 'add', 'ann', '--role', 'analyst', '--as', 'root'])).status).toBe(0);
    expect(
      (await here(['users', 'add', 'vic', '--role', 'viewer'], { env: { INVESTIGATOR_USER: 'root' } }))
        .status,
    ).toBe(0);
    const short = await run(['users', 'set', 'ann', '--password-stdin', '--as', 'root'], {
      input: 'short\n',
    });
    expect(short.status).toBe(2);
    expect(short.stderr).toMatch(/password: expected at least 12 characters, found 5/);
  }, 300_000);

  it('acts as a checked user: a viewer or a stranger is refused with exit code 3 and nothing changes', async () => {
    const ingested = await here([
      'new',
      join(samples, 'lsass-dump-mkt01.json'),
      '--schema',
      'edr',
      '--json',
      '--as',
      'ann',
    ]);
    expect(ingested.status).toBe(0);
    id = (JSON.parse(ingested.stdout) as { id: string }).id;
    const viewer = await here(['resolve', id, '--conclusion', 'benign', '--reason', 'fine', '--by', 'vic']);
    expect(viewer.status).toBe(3);
    expect(viewer.stderr).toBe(
      'investigator: resolving an alert needs the role analyst or above; vic is a viewer\n',
    );
    const logs = await here([
      'logs',
      'import',
      'notes',
      join(samples, 'lsass-dump-mkt01.json'),
      '--db',
      join(directory, 'logs.duckdb'),
      '--as',
      'vic',
    ]);
    expect(logs.status).toBe(3);
    expect(logs.stderr).toBe(
      'investigator: importing logs needs the role analyst or above; vic is a viewer\n',
    );
    expect(existsSync(join(directory, 'logs.duckdb'))).toBe(false);
    const stranger = await here(['case', 'comment', id, 'hello', '--as', 'mallory']);
    expect(stranger.status).toBe(3);
    expect(stranger.stderr).toMatch(/mallory is not an active user of this store/);
    expect(JSON.parse((await here(['show', id, '--json'])).stdout)).toMatchObject({
      status: 'open',
      tags: [],
    });
  }, 300_000);

  it('works a case and exports the audit log as JSON lines, with who did what', async () => {
    const notify = { INVESTIGATOR_NOTIFY_WEBHOOK_URL: await receiverUrl, INVESTIGATOR_NOTIFY_SECRET: secret };
    expect((await here(['case', 'assign', id, 'ann', '--as', 'ann'], { env: notify })).status).toBe(0);
    expect((await here(['case', 'tag', id, 'lsass', 'MKT01', '--as', 'ann'], { env: notify })).status).toBe(
      0,
    );
    expect((await here(['case', 'comment', id, 'Meterpreter **payload**', '--as', 'ann'])).status).toBe(0);
    expect(
      (
        await here(
          ['resolve', id, '--conclusion', 'true_positive', '--reason', 'payload dumped LSASS', '--by', 'ann'],
          { env: notify },
        )
      ).status,
    ).toBe(0);
    // Assignments and resolutions made here are announced as the console's are (a tag is not).
    expect(deliveries).toEqual([
      {
        signed: true,
        body: expect.objectContaining({
          type: 'alert.assigned',
          assignee: 'ann',
          by: 'ann',
          alert: expect.objectContaining({ id }),
        }),
      },
      {
        signed: true,
        body: expect.objectContaining({
          type: 'alert.resolved',
          conclusion: 'true_positive',
          reason: 'payload dumped LSASS',
          by: 'ann',
          alert: expect.objectContaining({ id }),
        }),
      },
    ]);
    const misconfigured = await here(['case', 'assign', id, '-', '--as', 'ann'], {
      env: { INVESTIGATOR_NOTIFY_WEBHOOK_URL: await receiverUrl },
    });
    expect(misconfigured.status).not.toBe(0);
    expect(misconfigured.stderr).toMatch(/INVESTIGATOR_NOTIFY_SECRET/);
    expect(
      (
        await here([
          'case',
          'verdict',
          id,
          '--conclusion',
          'escalated',
          '--reason',
          'handed to IR',
          '--as',
          'ann',
        ])
      ).status,
    ).toBe(0);
    expect((await here(['case', 'reopen', id, '--reason', 'IR asked for more', '--as', 'ann'])).status).toBe(
      0,
    );
    const listed = await here(['list', '--json']);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ id, status: 'open', assignee: 'ann', tags: ['lsass', 'mkt01'] }),
    ]);

    const out = join(directory, 'audit.jsonl');
    expect((await here(['audit', 'export', '--out', out, '--as', 'ann'])).status).toBe(3);
    const exported = await here(['audit', 'export', '--out', out, '--as', 'root']);
    expect(exported.stderr).toBe('');
    const again = await here(['audit', 'export', '--out', out, '--as', 'root']);
    expect(again.status).not.toBe(0);
    const entries = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { action: string; actor: { name: string; via: string } });
    expect(entries.map((entry) => `${entry.action} ${entry.actor.name}`)).toEqual([
      `user.add ${userInfo().username}`,
      'user.add root',
      'user.add root',
      'alert.ingest ann',
      'alert.assign ann',
      'alert.tags ann',
      'alert.comment ann',
      'alert.resolve ann',
      'alert.verdict ann',
      'alert.reopen ann',
    ]);
    expect(entries.every((entry) => entry.actor.via === 'cli')).toBe(true);
  }, 300_000);
});
