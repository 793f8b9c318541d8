import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModelMessage } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionStore } from '../sessions/index.js';
import { openStore } from '../store/index.js';
import { runCli } from '../test/run-cli.js';
import { runCliInProcess } from '../test/run-cli-in-process.js';
import { importTranscript } from '../transcripts/index.js';

const sample = fileURLToPath(
  new URL('../../../../samples/openhands/django__django-11099.json', import.meta.url),
);
const recorded = (importTranscript(readFileSync(sample), { file: sample })[0] as { messages: ModelMessage[] })
  .messages;
const root = mkdtempSync(join(tmpdir(), 'kioku-sessions-cli-'));
const store = join(root, 'store');

beforeAll(async () => {
  const opened = await openStore({ location: store });
  try {
    const sessions = createSessionStore(opened);
    await sessions.create({ id: 'quiet', title: 'nothing happened' });
    await sessions.create({
      id: 'django-11099',
      title: 'UsernameValidator trailing newline',
      metadata: { agent: 'openhands' },
    });
    await sessions.append({ sessionId: 'django-11099', messages: recorded.slice(0, 12) });
    await sessions.recordCompaction({
      sessionId: 'django-11099',
      replaces: { from: 1, to: 8 },
      summary: [
        { role: 'user', content: 'Summary: the validators live in django/contrib/auth/validators.py.' },
      ],
      strategy: 'summary',
      tokensBefore: 11_000,
      tokensAfter: 2_400,
    });
    await sessions.append({ sessionId: 'django-11099', messages: recorded.slice(12) });
  } finally {
    await opened.close();
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Runs the CLI with its standard output read by nobody: the read end is closed at once. */
function runWithClosedStdout(args: readonly string[]): Promise<{ status: number | null; stderr: string }> {
  const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [main, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

describe('kioku sessions', () => {
  it('lists sessions, most recently written first, as JSON and as a table', async () => {
    const json = runCli(['sessions', 'list', '--store', store, '--json']);
    expect(json.status).toBe(0);
    const listed = JSON.parse(json.stdout);
    expect(listed.map((session: { id: string }) => session.id)).toEqual(['django-11099', 'quiet']);
    expect(listed[0]).toMatchObject({
      messageCount: recorded.length,
      viewCount: 1,
      metadata: { agent: 'openhands' },
    });
    const table = await runCliInProcess(['sessions', 'list', '--store', store]);
    expect(table.stdout).toMatch(new RegExp(`django-11099\\s+${recorded.length}\\s+1\\s.*UsernameValidator`));
  });

  it('shows a session: details, compactions and the current view', async () => {
    const { status, stdout } = await runCliInProcess(['sessions', 'show', 'django-11099', '--store', store]);
    expect(status).toBe(0);
    expect(stdout).toContain(
      `messages  ${recorded.length} original; the current view (version 1) shows ${recorded.length - 6}`,
    );
    expect(stdout).toMatch(/Compactions\n.*\n\s*1\s+\[1, 8\)\s+1\s+11000\s+2400\s+12\s+summary/);
    expect(stdout).toMatch(/\n\s*1\s+1-7\s+user\s+Summary: the validators live in/);
    const json = JSON.parse(
      (await runCliInProcess(['sessions', 'show', 'django-11099', '--store', store, '--json'])).stdout,
    );
    expect(json.currentView.messages).toHaveLength(recorded.length - 6);
    expect(json.views[0].replaces).toEqual({ from: 1, to: 8 });
  });

  it('exports the full original history and its views, as JSON Lines or JSON, to stdout or a file', async () => {
    const jsonl = await runCliInProcess(['sessions', 'export', 'django-11099', '--store', store]);
    expect(jsonl.status).toBe(0);
    const records = jsonl.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(records[0]).toMatchObject({ type: 'session', session: { id: 'django-11099' } });
    expect(records.filter((record) => record.type === 'message').map((record) => record.message)).toEqual(
      recorded,
    );
    expect(records[13]).toMatchObject({ type: 'view', view: { version: 1, messageCount: 12 } });
    const file = join(root, 'export.json');
    expect(
      (await runCliInProcess(['sessions', 'export', 'django-11099', '--store', store, '--json', '-o', file]))
        .status,
    ).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      messages: recorded,
      views: [{ version: 1 }],
    });
  });

  it('names an unknown session or a missing store, without a stack trace, and exits 1', async () => {
    const unknown = await runCliInProcess(['sessions', 'show', 'no-such-id', '--store', store]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("unknown session id 'no-such-id'");
    expect(unknown.stderr).not.toMatch(/\n\s+at /);
    const missing = await runCliInProcess(['sessions', 'list', '--store', join(root, 'nowhere')]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('no store here');
  });

  it('hints at `kioku sessions list` for an unknown session (the library message does not)', async () => {
    const unknown = await runCliInProcess(['sessions', 'export', 'no-such-id', '--store', store]);
    expect(unknown.stderr).toContain('kioku: hint: `kioku sessions list` shows the sessions there are');
  });

  it('exits quietly with 0 when its reader closes the pipe (`| head -1`)', async () => {
    const { status, stderr } = await runWithClosedStdout([
      'sessions',
      'export',
      'django-11099',
      '--store',
      store,
    ]);
    expect(stderr).toBe('');
    expect(status).toBe(0);
  });

  it('names the file and the reason in one line when a write fails (a full disk)', async () => {
    const full = await runCliInProcess([
      'sessions',
      'export',
      'django-11099',
      '--store',
      store,
      '-o',
      '/dev/full',
    ]);
    expect(full.status).toBe(1);
    expect(full.stderr).toBe('kioku: /dev/full: no space left on the device (ENOSPC)\n');
  });

  it('exits 2 on bad arguments and explains itself in --help', async () => {
    expect((await runCliInProcess(['sessions', 'show', '--store', store])).status).toBe(2);
    expect((await runCliInProcess(['sessions', 'list', '--bogus'])).status).toBe(2);
    expect((await runCliInProcess(['sessions', 'frobnicate'])).status).toBe(2);
    const help = await runCliInProcess(['sessions', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('KIOKU_STORE');
    expect(help.stdout).toMatch(/list[\s\S]*show[\s\S]*export[\s\S]*delete[\s\S]*prune/);
    expect((await runCliInProcess(['sessions', 'export', '--help'])).stdout).toContain('JSON Lines');
    expect((await runCliInProcess(['sessions', 'prune', '--store', store])).status).toBe(2);
    const age = await runCliInProcess(['sessions', 'prune', '--older-than', '30 days', '--store', store]);
    expect(age.status).toBe(2);
    expect(age.stderr).toContain("expected a number and a unit (m, h, d or w), e.g. 30d; found '30 days'");
    expect(
      (await runCliInProcess(['sessions', 'prune', '--before', 'yesterday', '--store', store])).status,
    ).toBe(2);
    expect((await runCliInProcess(['sessions', 'delete', '--store', store])).status).toBe(2);
  });

  it('deletes sessions by id and prunes old ones, saying which, and keeps the rest', async () => {
    const location = join(root, 'deleting');
    const opened = await openStore({ location });
    try {
      const sessions = createSessionStore(opened);
      for (const id of ['a', 'b', 'c']) {
        await sessions.create({ id });
        await sessions.append({ sessionId: id, messages: recorded.slice(0, 2) });
      }
    } finally {
      await opened.close();
    }
    const deleted = await runCliInProcess(['sessions', 'delete', 'a', 'nope', '--store', location]);
    expect(deleted.status).toBe(1);
    expect(deleted.stdout).toBe('deleted a\n');
    expect(deleted.stderr).toBe('kioku: no session nope\n');
    // Written just now: a week-old cut keeps them; a dry run with a cut in the future lists them.
    const kept = JSON.parse(
      (await runCliInProcess(['sessions', 'prune', '--older-than', '1w', '--store', location, '--json']))
        .stdout,
    );
    expect(kept).toMatchObject({ dryRun: false, sessions: [] });
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const dry = await runCliInProcess([
      'sessions',
      'prune',
      '--before',
      future,
      '--dry-run',
      '--store',
      location,
    ]);
    expect(dry.stdout).toMatch(/^would delete 2 session\(s\) last written before .*\n {2}[bc]\n {2}[bc]\n$/);
    const listed = JSON.parse(
      (await runCliInProcess(['sessions', 'list', '--store', location, '--json'])).stdout,
    );
    expect(listed.map((session: { id: string }) => session.id).sort()).toEqual(['b', 'c']);
    const pruned = await runCliInProcess([
      'sessions',
      'prune',
      '--before',
      future,
      '--store',
      location,
      '--json',
    ]);
    expect(JSON.parse(pruned.stdout).sessions.sort()).toEqual(['b', 'c']);
    expect(
      JSON.parse((await runCliInProcess(['sessions', 'list', '--store', location, '--json'])).stdout),
    ).toEqual([]);
  });
});
