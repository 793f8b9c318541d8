import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'investigator-serve-'));

/** Starts `investigator serve` on a free port; resolves once it listens, with what it printed so far. */
function serve(): Promise<{ child: ChildProcess; stderr: string; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [main, 'serve', '--port', '0', '--store', join(directory, 'store')],
      {
        env: { PATH: process.env.PATH ?? '', INVESTIGATOR_WEBHOOK_TOKEN: 'a-webhook-token-of-32-characters' },
      },
    );
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
