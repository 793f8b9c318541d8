import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTinyLogDatabase } from '../__fixtures__/tiny-log-database.js';
import type { LogEngine } from '../log-engine.js';
import { LogQueryError } from '../log-query-error.js';
import { openDuckDbLogEngine } from './open-duckdb-log-engine.js';

// The red team's second round: table functions with side effects (the first reached the engine's
// configuration and aborted Node when the engine closed) and generators the plan estimate does not see.
let database: Awaited<ReturnType<typeof buildTinyLogDatabase>>;
let engine: LogEngine;
let files: string[];
beforeAll(async () => {
  database = await buildTinyLogDatabase();
  files = readdirSync(database.dir).sort();
  engine = await openDuckDbLogEngine({ file: database.file, timeoutMs: 2_000, interruptGraceMs: 500 });
});
afterAll(async () => {
  await engine?.close();
  await database?.remove();
});

async function failure(sql: string, target: LogEngine = engine): Promise<LogQueryError> {
  const error = await target.query(sql).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!LogQueryError.isInstance(error)) throw new Error(`expected ${sql} to fail, got ${String(error)}`);
  return error;
}

async function stillAnswers(target: LogEngine = engine): Promise<void> {
  const result = await target.query('select count(*) as n from process_events');
  expect(result.rows).toEqual([{ n: '6' }]);
}

describe('table functions: refused by name before anything is bound', () => {
  it.each([
    [
      'enable_logging to a file',
      "from enable_logging(storage = 'file', storage_path = 'DIR/log')",
      'enable_logging',
    ],
    [
      'enable_logging in a subquery',
      "select * from (select * from enable_logging(level = 'trace'))",
      'enable_logging',
    ],
    ['enable_logging in a CTE', 'with x as (from enable_logging()) select * from x', 'enable_logging'],
    ['enable_logging behind EXPLAIN ANALYZE', 'explain analyze from enable_logging()', 'enable_logging'],
    ['enable_profiling', "from enable_profiling(output = 'DIR/profile.json')", 'enable_profiling'],
    ['disable_logging', 'from disable_logging()', 'disable_logging'],
    ['truncate_duckdb_logs', 'from truncate_duckdb_logs()', 'truncate_duckdb_logs'],
    ['checkpoint', 'from checkpoint()', 'checkpoint'],
    ['force_checkpoint', 'from force_checkpoint()', 'force_checkpoint'],
    ['duckdb_settings', 'select * from duckdb_settings()', 'duckdb_settings'],
    ['duckdb_secrets', 'select * from duckdb_secrets()', 'duckdb_secrets'],
    ['query_table', "from query_table('process_events')", 'query_table'],
    ['query running a write', "from query('copy process_events to ''DIR/out.csv''')", 'query'],
    ['json_execute_serialized_sql', "from json_execute_serialized_sql('{}')", 'json_execute_serialized_sql'],
    ['read_text', "from read_text('/etc/passwd')", 'read_text'],
    ['glob', "from glob('/etc/*')", 'glob'],
    ['read_json in a join', "select * from process_events, read_json('DIR/x.json')", 'read_json'],
    ['a table macro', 'from histogram(process_events, host)', 'histogram'],
    ['range as a table', 'select count(*) from range(1000000000000)', 'range'],
    [
      'generate_series as a table',
      'select count(*) from generate_series(1, 1000000000000)',
      'generate_series',
    ],
    ['repeat_row', 'from repeat_row(1, num_rows = 1000000000000)', 'repeat_row'],
    ['unnest as a table', 'select count(*) from unnest(range(1000000000))', 'unnest'],
  ])('%s', async (_name, template, name) => {
    const error = await failure(template.replaceAll('DIR', database.dir));
    expect(error.reason).toBe('not-read-only');
    expect(error.message).toContain(`table function ${name}`);
  });

  it.each([
    ['write_log', "select write_log('x')", 'writes to the engine log'],
    ['setseed', 'select setseed(0.5)', "changes the session's random state"],
    ['current_setting', "select current_setting('threads')", "reads the engine's configuration"],
    ['json_serialize_plan', "select json_serialize_plan('from enable_logging()')", 'plans other SQL'],
    ['sleep_ms', 'select sleep_ms(100000)', 'waits'],
    ['an unknown function', 'select made_up_function(1)', 'not on the list'],
    ['a qualified function', 'select system.main.upper(host) from process_events', 'only built-in functions'],
  ])('function %s', async (_name, sql, why) => {
    const error = await failure(sql);
    expect(error.reason).toBe('not-read-only');
    expect(error.message).toContain(why);
  });

  it.each([
    ['another schema', 'select * from information_schema.tables'],
    ['another catalog', 'select * from other.main.process_events'],
    ['a file as a table', "select * from 'DIR/logs.duckdb'"],
    ['SHOW DATABASES', 'show databases'],
    ['a parameter', 'select $1'],
  ])('%s', async (_name, sql) => {
    expect((await failure(sql.replaceAll('DIR', database.dir))).reason).toBe('not-read-only');
  });

  it('leaves the folder as it was and the engine answering, and closes cleanly', async () => {
    await stillAnswers();
    expect(readdirSync(database.dir).sort()).toEqual(files);
    const other = await openDuckDbLogEngine({ file: database.file });
    await failure(
      `from enable_logging(storage = 'file', storage_path = '${join(database.dir, 'log')}')`,
      other,
    );
    await stillAnswers(other);
    await other.close();
    expect(readdirSync(database.dir).sort()).toEqual(files);
  });
});

describe('generators the plan does not see: stopped by the process limits', () => {
  it('an unnest of 300 million values fails on memory, fast, and the engine answers after', async () => {
    const error = await failure('select sum(x) from (select unnest(range(0, 300000000)) as x)');
    expect(['over-budget', 'crashed']).toContain(error.reason);
    await stillAnswers();
  });

  it('a list_reduce that ignores the interrupt is killed at the time limit', async () => {
    const error = await failure('select list_reduce(range(40000000), (a, b) -> a + b)');
    expect(error.reason).toBe('timeout');
    expect(error.message).toMatch(
      /ran past 2000 ms and did not stop when interrupted, so its process was killed/,
    );
    await stillAnswers();
  });

  it('an endless recursive CTE is interrupted at the time limit', async () => {
    const error = await failure(
      'with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r',
    );
    expect(error.reason).toBe('timeout');
    await stillAnswers();
  });

  it('a 4 GB string fails on memory', async () => {
    const error = await failure("select length(repeat('x', 4000000000))");
    expect(['over-budget', 'crashed']).toContain(error.reason);
    await stillAnswers();
  });

  it('a process cap below what DuckDB may use stops the query, not the caller', async () => {
    const capped = await openDuckDbLogEngine({
      file: database.file,
      memoryLimit: '8GB',
      maxProcessBytes: 1.25 * 1024 ** 3,
      timeoutMs: 20_000,
    });
    try {
      const error = await failure(
        'select count(distinct x) from (select unnest(range(100000000)) as x)',
        capped,
      );
      expect(['over-budget', 'crashed']).toContain(error.reason);
      await stillAnswers(capped);
    } finally {
      await capped.close();
    }
  });
});
