import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTinyLogDatabase } from '../__fixtures__/tiny-log-database.js';
import { duckDbGuardSettings } from './duckdb-guard-settings.js';
import { openDuckDbSession } from './duckdb-session.js';

const limits = { maxEstimatedRows: 1e8, maxEstimatedBytes: 2 ** 31, maxKeptRows: 5000, maxKeptBytes: 4e6 };
let database: Awaited<ReturnType<typeof buildTinyLogDatabase>>;
beforeAll(async () => {
  database = await buildTinyLogDatabase();
});
afterAll(async () => {
  await database?.remove();
});

describe('openDuckDbSession', () => {
  it('refuses a database opened without the guard settings', async () => {
    const instance = await DuckDBInstance.create(database.file, { access_mode: 'READ_ONLY' });
    try {
      await expect(openDuckDbSession({ instance, file: database.file, ...limits })).rejects.toThrow(
        /opened with enable_external_access=true instead of false; refusing to run queries/,
      );
    } finally {
      instance.closeSync();
    }
  });

  it('notices a setting that changed behind the lock (as enable_logging did)', async () => {
    const instance = await DuckDBInstance.create(database.file, duckDbGuardSettings());
    try {
      const session = await openDuckDbSession({ instance, file: database.file, ...limits });
      expect(await session.changedSettings()).toBeUndefined();
      // Another connection of the same instance stands in for a statement that got past the checks.
      const bypass = await instance.connect();
      await bypass.run("from enable_logging(level = 'trace')");
      bypass.closeSync();
      expect(await session.changedSettings()).toBe('enable_logging: 0 -> 1');
    } finally {
      instance.closeSync();
    }
  });

  it('reads only what the tree check allows, and runs it', async () => {
    const instance = await DuckDBInstance.create(database.file, duckDbGuardSettings());
    try {
      const session = await openDuckDbSession({ instance, file: database.file, ...limits });
      const sql = 'select host, count(*) as n from process_events group by host order by host';
      const result = await session.query({ sql, select: sql, kind: 'select' });
      expect(result.rows).toEqual([
        { host: 'WS01', n: '3' },
        { host: 'WS02', n: '3' },
      ]);
      const functionSql = 'from duckdb_settings()';
      await expect(session.query({ sql: functionSql, select: functionSql, kind: 'select' })).rejects.toThrow(
        /table function duckdb_settings/,
      );
    } finally {
      instance.closeSync();
    }
  });
});
