import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { StorageError } from '../errors/storage-error.js';
import { storageErrorFromDriver } from '../errors/storage-error-from-driver.js';
import { StoreError } from '../errors/store-error.js';
import { drizzleStore } from './drizzle-store.js';
import { openStore } from './open-store.js';
import { type PgliteHost, startPgliteHost } from './pglite-host.js';

type Rows<Row> = { rows: Row[] };

describe('startPgliteHost (PGlite in a worker thread)', () => {
  const hosts: PgliteHost[] = [];
  const start = async () => {
    const host = await startPgliteHost({ dataDir: 'memory://', location: 'memory://' });
    hosts.push(host);
    return { host, db: drizzle({ client: host.client as unknown as PGlite }) };
  };
  afterEach(async () => {
    for (const host of hosts.splice(0)) await host.close();
  });

  it('runs Postgres in a thread of its own, with PGlite results and Drizzle parsers', async () => {
    const { host, db } = await start();
    expect(host.worker.threadId).not.toBe(threadId);
    const result = (await db.execute(
      sql`select ${'a'}::text as text, 2::int as n, '{"k":[1]}'::jsonb as json, timestamptz '2026-01-02 03:04:05+00' as at`,
    )) as unknown as Rows<Record<string, unknown>>;
    // Drizzle's parser keeps timestamps as Postgres's text: it ran here, on what the worker sent.
    expect(result.rows).toEqual([{ text: 'a', n: 2, json: { k: [1] }, at: '2026-01-02 03:04:05+00' }]);
  });

  it("fails a query with the driver's error (its SQLSTATE kept) and answers the next", async () => {
    const { db } = await start();
    const failure = await db.execute(sql`select 1 / ${0}::int`).catch((error: unknown) => error);
    const storage = storageErrorFromDriver(failure);
    expect(storage?.message).toBe('the store failed: SELECT statement: division by zero (22012)');
    expect((failure as Error & { cause: { code: string } }).cause.code).toBe('22012');
    const after = (await db.execute(sql`select 1 as one`)) as unknown as Rows<{ one: number }>;
    expect(after.rows).toEqual([{ one: 1 }]);
  });

  it('runs transactions one at a time, a statement outside waiting for the one running', async () => {
    const { db } = await start();
    await db.execute(sql`create table counted (n int)`);
    const count = async () => {
      const result = (await db.execute(sql`select count(*)::int as c from counted`)) as unknown as Rows<{
        c: number;
      }>;
      return result.rows[0]?.c;
    };
    let entered = () => {};
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = (n: number, work: () => Promise<void> = async () => {}) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into counted values (${n})`);
        await work();
        await tx.execute(sql`insert into counted values (${n})`);
        if (n === 2) throw new Error('rolled back');
      });
    const first = transaction(1, async () => {
      entered();
      await released;
    });
    await inside;
    // One connection: a statement let in now would see the transaction's first row (1).
    const during = count();
    const others = [transaction(2), transaction(3)].map((running) =>
      running.then(
        () => 'committed',
        () => 'rolled back',
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await first;
    // Whole transactions only: 2 (after the first) or 4 (Drizzle sends it after the third), never 1 or 3.
    expect([2, 4]).toContain(await during);
    expect(await Promise.all(others)).toEqual(['rolled back', 'committed']);
    const rows = (await db.execute(sql`select n from counted order by n`)) as unknown as Rows<{ n: number }>;
    expect(rows.rows.map((row) => row.n)).toEqual([1, 1, 3, 3]);
  });

  it('turns the end of its thread into a StoreError for the waiting and every later call; the process goes on', async () => {
    const { host, db } = await start();
    const waiting = db
      .execute(sql`select count(*) from generate_series(1, 50000000)`)
      .catch((error) => error);
    await host.worker.terminate();
    const failure = (await waiting) as Error & { cause?: unknown };
    const error = storageErrorFromDriver(failure);
    expect(StoreError.isInstance(error)).toBe(true);
    expect(error?.message).toMatch(
      /^store memory:\/\/: PGlite stopped: its worker thread ended \(exit code 1\)/,
    );
    const later = await db.execute(sql`select 1`).catch((caught: unknown) => caught);
    expect(StorageError.isInstance(storageErrorFromDriver(later))).toBe(true);
    await host.close();
  });
});

describe('a PGlite store in its worker thread', () => {
  const directories: string[] = [];
  afterEach(() => {
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
  });

  it('closes: later calls fail with a StoreError, closing twice is safe, the directory is free again', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'kioku-pglite-host-'));
    directories.push(directory);
    const store = await openStore({ location: directory });
    const { db } = drizzleStore(store);
    await db.execute(sql`create table kept (text text)`);
    await db.execute(sql`insert into kept values ('stored before close')`);
    await Promise.all([store.close(), store.close()]);
    const after = await db.execute(sql`select 1`).catch((error: unknown) => error);
    expect(storageErrorFromDriver(after)?.message).toBe(`store ${directory}: the store is closed`);
    const reopened = await openStore({ location: directory });
    try {
      const rows = (await drizzleStore(reopened).db.execute(sql`select text from kept`)) as unknown as Rows<{
        text: string;
      }>;
      expect(rows.rows).toEqual([{ text: 'stored before close' }]);
    } finally {
      await reopened.close();
    }
  });
});
