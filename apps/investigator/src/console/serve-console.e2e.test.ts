import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { postgresCluster } from 'kioku/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAdminToken } from '../auth/index.js';
import { runInvestigator } from '../e2e/run-investigator.js';
import { openInvestigatorStore } from '../store/index.js';
import { rowsOf } from '../store/rows-of.js';

const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'investigator-serve-'));

/** Starts `investigator serve` on a free port; resolves once it listens, with what it printed so far. */
function serve(
  store = join(directory, 'store'),
): Promise<{ child: ChildProcess; stderr: string; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main, 'serve', '--port', '0', '--store', store], {
      env: { PATH: process.env.PATH ?? '', INVESTIGATOR_WEBHOOK_TOKEN: 'a-webhook-token-of-32-characters' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      const listening = /listening on (http:\/\/\S+) /.exec(stderr);
      if (listening?.[1] !== undefined) resolve({ child, stderr, url: listening[1] });
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

afterAll(() => rmSync(directory, { recursive: true, force: true }));

const printedToken = (stderr: string) =>
  /admin token \(shown this once; only its hash is stored\):\n {2}(\S+)/.exec(stderr)?.[1] ?? '';

/** Signs in to the console at `url` with `token`: the response. */
const login = (url: string, token: string) =>
  fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-investigator-console': '1' },
    body: JSON.stringify({ token }),
  });

/** The session cookie (`name=value`) a sign-in response set. */
const sessionOf = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

/** The stored admin-token hashes of the store at `location`. */
async function storedHashes(location: string): Promise<string[]> {
  const store = await openInvestigatorStore({ location });
  try {
    return rowsOf<{ token_hash: string }>(
      await store.db.execute(sql`select token_hash from investigator_console_admin`),
    ).map((row) => row.token_hash);
  } finally {
    await store.close();
  }
}

describe('investigator serve (the web console)', () => {
  it('prints the admin token at the first serve only, and signs in with it', async () => {
    const first = await serve();
    try {
      const token = /admin token \(shown this once; only its hash is stored\):\n {2}(\S+)/.exec(
        first.stderr,
      )?.[1];
      expect(token).toMatch(/^[\w-]{43}$/);
      expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const login = await fetch(`${first.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-investigator-console': '1' },
        body: JSON.stringify({ token }),
      });
      expect(login.status).toBe(200);
      const settings = await fetch(`${first.url}/api/settings`, {
        headers: { cookie: (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '' },
      });
      expect(await settings.json()).toMatchObject({
        model: null,
        embedder: expect.stringMatching(/^kioku-hashing\S* \(\d+ dimensions\)$/),
        threatIntel: [{ name: 'AlienVault OTX', keyPresent: false }],
      });
      const page = await fetch(`${first.url}/`);
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      await stop(first.child);
    }
    const second = await serve();
    try {
      expect(second.stderr).not.toMatch(/admin token/);
    } finally {
      await stop(second.child);
    }
  }, 120_000);
});

describe('investigator console reset-token (built CLI)', () => {
  it('on a PGlite directory: prints a new token once, stores only its hash, the old token no longer signs in', async () => {
    const store = join(directory, 'reset');
    const first = await serve(store);
    const old = printedToken(first.stderr);
    try {
      expect((await login(first.url, old)).status).toBe(200);
    } finally {
      await stop(first.child);
    }
    const reset = await runInvestigator(['console', 'reset-token', '--store', store]);
    expect(reset.status).toBe(0);
    const token = reset.stdout.trim();
    expect(reset.stdout).toBe(`${token}\n`);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(token).not.toBe(old);
    expect(reset.stderr).toMatch(
      /new admin token \(shown this once; only its hash is stored; sessions signed in with the old one have ended\)/,
    );
    expect(reset.stderr).not.toContain(token);
    const hashes = await storedHashes(store);
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).not.toContain(token);
    expect(await verifyAdminToken(token, hashes[0] ?? '')).toBe(true);
    const second = await serve(store);
    try {
      expect(second.stderr).not.toMatch(/admin token/);
      expect((await login(second.url, old)).status).toBe(401);
      expect((await login(second.url, token)).status).toBe(200);
    } finally {
      await stop(second.child);
    }
  }, 120_000);

  const postgres = postgresCluster();
  describe.skipIf(postgres.skip !== undefined)(
    `on PostgreSQL, while serve runs${postgres.skip ? ` (skipped: ${postgres.skip})` : ''}`,
    () => {
      beforeAll(postgres.setup, 120_000);
      afterAll(postgres.teardown);

      it('ends the sessions signed in with the old token at their next request', async () => {
        const running = await serve(postgres.url());
        try {
          const old = printedToken(running.stderr);
          const session = sessionOf(await login(running.url, old));
          const asSession = () => fetch(`${running.url}/api/session`, { headers: { cookie: session } });
          expect((await asSession()).status).toBe(200);
          const reset = await runInvestigator(['console', 'reset-token', '--store', postgres.url()]);
          expect(reset.status).toBe(0);
          const token = reset.stdout.trim();
          expect((await asSession()).status).toBe(401);
          expect((await login(running.url, old)).status).toBe(401);
          const renewed = sessionOf(await login(running.url, token));
          expect((await fetch(`${running.url}/api/session`, { headers: { cookie: renewed } })).status).toBe(
            200,
          );
        } finally {
          await stop(running.child);
        }
      }, 120_000);
    },
  );
});
