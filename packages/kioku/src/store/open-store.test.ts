import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StoreError, StoreLockedError } from '../errors/index.js';
import { createSessionStore } from '../sessions/create-session-store.js';
import { defaultStoreLocation } from './default-store-location.js';
import { openStore } from './open-store.js';
import { parseStoreLocation } from './store-location.js';

const root = mkdtempSync(join(tmpdir(), 'kioku-open-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('parseStoreLocation', () => {
  it('picks the driver from the location', () => {
    expect(parseStoreLocation('memory://')).toEqual({
      driver: 'pglite',
      directory: undefined,
      display: 'memory://',
    });
    expect(parseStoreLocation('./.kioku')).toMatchObject({ driver: 'pglite', directory: resolve('.kioku') });
    expect(parseStoreLocation('file:///var/lib/kioku')).toMatchObject({
      driver: 'pglite',
      directory: '/var/lib/kioku',
    });
    expect(parseStoreLocation('postgresql://kioku@db:5432/agents')).toMatchObject({ driver: 'postgres' });
  });

  it('never shows a password', () => {
    const parsed = parseStoreLocation('postgres://kioku:hunter2@db.internal:5432/agents');
    expect(parsed).toMatchObject({ url: 'postgres://kioku:hunter2@db.internal:5432/agents' });
    expect(parsed.display).toBe('postgres://kioku:***@db.internal:5432/agents');
  });

  it('refuses an empty location and an unknown scheme', () => {
    expect(() => parseStoreLocation('')).toThrow(StoreError);
    expect(() => parseStoreLocation('mysql://db/agents')).toThrow(/unknown scheme mysql:\/\/.*postgres:\/\//);
  });
});

describe('defaultStoreLocation', () => {
  it('is KIOKU_STORE, else ./.kioku', () => {
    const saved = process.env.KIOKU_STORE;
    try {
      delete process.env.KIOKU_STORE;
      expect(defaultStoreLocation()).toBe('./.kioku');
      process.env.KIOKU_STORE = 'postgres://db/kioku';
      expect(defaultStoreLocation()).toBe('postgres://db/kioku');
    } finally {
      if (saved === undefined) delete process.env.KIOKU_STORE;
      else process.env.KIOKU_STORE = saved;
    }
  });
});

describe('openStore on a directory', () => {
  const location = join(root, 'agent');

  it('holds the directory for one process at a time, and takes over the lock of a dead one', async () => {
    const store = await openStore({ location });
    try {
      expect(readFileSync(join(location, 'lock-1'), 'utf8')).toContain(`"pid":${process.pid}`);
      const second = openStore({ location });
      await expect(second).rejects.toThrow(StoreLockedError);
      await expect(second).rejects.toThrow(/in use by this process/);
    } finally {
      await store.close();
    }
    // Released, the generation stays as the highest, so its number is never used again.
    expect(JSON.parse(readFileSync(join(location, 'lock-1'), 'utf8'))).toMatchObject({ released: true });
    // A lock left by a process that no longer exists (kill -9) does not block the next opener.
    writeFileSync(join(location, 'lock-1'), JSON.stringify({ pid: deadPid(), host: hostname() }));
    const reopened = await openStore({ location });
    await reopened.close();
    expect(lockFiles(location)).toEqual(['lock-2']);
  });

  it('refuses a lock held by a live process elsewhere, naming it', async () => {
    writeFileSync(join(location, 'lock-3'), JSON.stringify({ pid: 4242, host: 'build-agent-7' }));
    try {
      const error = await openStore({ location }).catch((caught: unknown) => caught);
      expect(StoreLockedError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ pid: 4242, lockFile: join(location, 'lock-3') });
      expect((error as Error).message).toMatch(/process 4242 on build-agent-7.*delete .*lock-3/s);
    } finally {
      rmSync(join(location, 'lock-3'));
    }
  });

  it("respects the lock file of an earlier kioku while its process runs, and removes a dead one's", async () => {
    writeFileSync(join(location, 'lock'), JSON.stringify({ pid: process.ppid, host: hostname() }));
    await expect(openStore({ location })).rejects.toThrow(StoreLockedError);
    writeFileSync(join(location, 'lock'), JSON.stringify({ pid: deadPid(), host: hostname() }));
    await (await openStore({ location })).close();
    expect(existsSync(join(location, 'lock'))).toBe(false);
  });

  it('refuses a data directory PGlite would initialise over, and leaves it as it was', async () => {
    const store = await openStore({ location });
    const sessions = createSessionStore(store);
    const { id } = await sessions.create({ title: 'kept' });
    await sessions.append({ sessionId: id, messages: [{ role: 'user', content: 'remember me' }] });
    await store.close();
    const version = join(location, 'pglite', 'PG_VERSION');
    const saved = readFileSync(version);
    rmSync(version);
    try {
      for (const create of [false, true]) {
        const error = await openStore({ location, create }).catch((caught: unknown) => caught);
        expect(StoreError.isInstance(error)).toBe(true);
        expect((error as Error).message).toMatch(
          /pglite is not a complete PGlite data directory \(no PG_VERSION file\); kioku will not open it/,
        );
        expect(existsSync(version)).toBe(false);
      }
    } finally {
      writeFileSync(version, saved);
    }
    const reopened = await openStore({ location, create: false });
    try {
      expect(await createSessionStore(reopened).messages(id)).toEqual([
        { role: 'user', content: 'remember me' },
      ]);
    } finally {
      await reopened.close();
    }
  });

  it('makes a new store only in an empty directory, never among other files', async () => {
    const home = join(root, 'home');
    mkdirSync(home);
    writeFileSync(join(home, 'notes.txt'), 'mine');
    const error = await openStore({ location: home }).catch((caught: unknown) => caught);
    expect(StoreError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/holds other files \(notes\.txt\) and no kioku store/);
    expect(readdirSync(home)).toEqual(['notes.txt']);
    const file = join(home, 'notes.txt');
    await expect(openStore({ location: file })).rejects.toThrow(/not a directory/);
  });

  it('creates nothing when told not to', async () => {
    const missing = join(root, 'missing');
    await expect(openStore({ location: missing, create: false })).rejects.toThrow(/no store here/);
    expect(existsSync(missing)).toBe(false);
  });

  it('opens after a process killed while starting left an empty postmaster.pid', async () => {
    writeFileSync(join(location, 'pglite', 'postmaster.pid'), '');
    await (await openStore({ location })).close();
  });

  it('says what Postgres found wrong in a damaged data directory', async () => {
    // The last test on this store: it stays damaged.
    const control = join(location, 'pglite', 'global', 'pg_control');
    writeFileSync(control, Buffer.alloc(readFileSync(control).length));
    const error = await openStore({ location }).catch((caught: unknown) => caught);
    expect(StoreError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(
      /PGlite could not open it.*\n {2}FATAL: {2}database files are incompatible with server/s,
    );
    const [released] = lockFiles(location);
    expect(lockFiles(location)).toEqual([expect.stringMatching(/^lock-\d+$/)]);
    expect(JSON.parse(readFileSync(join(location, released ?? ''), 'utf8'))).toMatchObject({
      released: true,
    });
  });

  it('recovers from a first creation killed halfway', async () => {
    const interrupted = join(root, 'interrupted');
    mkdirSync(join(interrupted, 'pglite.init', 'base'), { recursive: true });
    writeFileSync(join(interrupted, 'pglite.init', 'PG_VERSION'), '17\n');
    const store = await openStore({ location: interrupted });
    await store.close();
    expect(existsSync(join(interrupted, 'pglite.init'))).toBe(false);
    expect(existsSync(join(interrupted, 'pglite', 'PG_VERSION'))).toBe(true);
  });
});

describe('openStore on PostgreSQL', () => {
  it('says it cannot connect, without the password', async () => {
    const port = await freePort();
    const error = await openStore({ location: `postgres://kioku:hunter2@127.0.0.1:${port}/agents` }).catch(
      (caught: unknown) => caught,
    );
    expect(StoreError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/cannot connect.*is PostgreSQL running there/);
    expect((error as Error).message).not.toContain('hunter2');
  });
});

/** The lock files in a store directory (the generations and the lock of earlier versions). */
function lockFiles(directory: string): string[] {
  return readdirSync(directory)
    .filter((name) => /^lock(-\d+)?$/.test(name) || name.startsWith('lock-tmp-'))
    .sort();
}

/** The pid of a process that has exited. */
function deadPid(): number {
  const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(dead.stdout);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}
