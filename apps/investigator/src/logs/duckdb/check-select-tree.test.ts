import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRunbooksDir, loadRunbooks } from '../load-runbooks.js';
import { securityLogTables } from '../security-log-tables.js';
import { checkSelectTree } from './check-select-tree.js';

const scenariosDir = fileURLToPath(new URL('../../../scenarios', import.meta.url));
const scope = { tables: new Set(securityLogTables.map((table) => table.table)), catalog: 'logs' };
let instance: DuckDBInstance;
let tree: (sql: string) => Promise<string>;
beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const serialize = await connection.prepare('select json_serialize_sql($1::varchar)');
  tree = async (sql) => {
    serialize.bindVarchar(1, sql);
    return String((await serialize.runAndReadAll()).getRows()[0]?.[0]);
  };
});
afterAll(() => instance?.closeSync());

/** The SQL of every shipped runbook and every scripted scenario query. */
async function shippedQueries(): Promise<string[]> {
  const queries = (await loadRunbooks(defaultRunbooksDir())).map((runbook) => runbook.sql);
  for (const name of (await readdir(scenariosDir)).filter((file) => file.endsWith('.json'))) {
    const scenario = JSON.parse(await readFile(join(scenariosDir, name), 'utf8')) as {
      imports?: { table: string }[];
      script: { toolCalls?: { name: string; arguments: { sql?: string } }[] }[];
    };
    for (const entry of scenario.imports ?? []) scope.tables.add(entry.table);
    for (const step of scenario.script) {
      for (const call of step.toolCalls ?? [])
        if (call.name === 'query' && call.arguments.sql) queries.push(call.arguments.sql);
    }
  }
  return queries;
}

describe('checkSelectTree', () => {
  it('accepts every shipped runbook and scenario query', async () => {
    const queries = await shippedQueries();
    expect(queries.length).toBeGreaterThan(8);
    for (const sql of queries) checkSelectTree(await tree(sql), scope);
  });

  it('accepts the SQL an analyst writes: CTEs, joins, windows, lambdas, DESCRIBE', async () => {
    for (const sql of [
      'with recent as (select * from mkt01_windows where EventID = 10) select Image, count(*) from recent group by all',
      'select a.Image, b.id_resp_h from mkt01_windows a join mkt01_zeek_conn b on a.Hostname = b.id_orig_h',
      'select Image, row_number() over (partition by Hostname order by "@timestamp") from mkt01_windows qualify true',
      "select list_transform(string_split(CommandLine, ' '), x -> upper(x)) from mkt01_windows",
      'select * from (values (1, 2)) v(a, b)',
      'describe mkt01_windows',
      'summarize select * from mkt01_windows',
      'show tables',
      'select main.mkt01_windows.Image from main.mkt01_windows',
      'select * from logs.main.mkt01_windows',
    ]) {
      checkSelectTree(await tree(sql), scope);
    }
  });

  it('names what it refuses', async () => {
    const refusal = async (sql: string) => {
      try {
        checkSelectTree(await tree(sql), scope);
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(await refusal("from enable_logging(storage = 'file')")).toMatch(/table function enable_logging/);
    expect(await refusal('select write_log(1)')).toMatch(/function write_log writes to the engine log/);
    expect(await refusal("select * from 'a.csv'")).toMatch(/a\.csv is not a table of the log database/);
    expect(await refusal('copy mkt01_windows to x')).toMatch(/only a plain SELECT/);
    expect(await refusal('select 1; select 2')).toMatch(/exactly one statement, found 2/);
    expect(await refusal('select ?')).toMatch(/parameters/);
  });
});
