import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTinyLogDatabase } from '../__fixtures__/tiny-log-database.js';
import { LogQueryError } from '../log-query-error.js';
import { duckDbGuardSettings } from './duckdb-guard-settings.js';
import { startQueryProcess } from './start-query-process.js';

let database: Awaited<ReturnType<typeof buildTinyLogDatabase>>;
beforeAll(async () => {
  database = await buildTinyLogDatabase();
});
afterAll(async () => {
  await database?.remove();
});

const count = 'select count(*) as n from process_events';

/** A query process on `file` with the engine's default limits. */
const start = (file: string) =>
  startQueryProcess({
    open: {
      type: 'open',
      file,
      settings: duckDbGuardSettings(),
      maxEstimatedRows: 1e8,
      maxEstimatedBytes: 2 ** 31,
      maxKeptRows: 5000,
      maxKeptBytes: 4e6,
    },
    maxProcessBytes: 2 * 1024 ** 3,
    interruptGraceMs: 1000,
  });

describe('startQueryProcess', () => {
  it('answers a request after the process aborted mid-query, in a fresh process', async () => {
    const worker = start(database.file);
    try {
      await worker.ready();
      const pid = worker.pid as number;
      const slow = 'with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r';
      const running = worker.request({ type: 'query', sql: slow, select: slow, kind: 'select' }, 60_000);
      setTimeout(() => process.kill(pid, 'SIGABRT'), 200);
      const error = await running.catch((caught: unknown) => caught);
      expect(LogQueryError.isInstance(error) && error.reason).toBe('crashed');
      expect((error as Error).message).toMatch(/stopped while running the query \(SIGABRT\)/);
      const after = await worker.request(
        { type: 'query', sql: count, select: count, kind: 'select' },
        10_000,
      );
      expect((after as { rows: unknown[] }).rows).toEqual([{ n: '6' }]);
      expect(worker.starts).toBe(2);
      expect(worker.pid).not.toBe(pid);
    } finally {
      await worker.close();
    }
  });

  it('refuses a database it cannot open, naming it', async () => {
    const worker = start(`${database.dir}/missing/logs.duckdb`);
    await expect(worker.ready()).rejects.toThrow(/missing\/logs\.duckdb/);
    await worker.close();
  });
});
