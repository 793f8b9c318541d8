import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { allowedDuckDbFunctions } from './allowed-duckdb-functions.js';
import { refusedDuckDbFunctions } from './refused-duckdb-functions.js';

/** Names the binder handles itself (not listed by duckdb_functions()). */
const binderFunctions = ['unnest', 'unlist'];

describe('allowedDuckDbFunctions', () => {
  it('covers every function of this DuckDB: each one allowed or refused with a reason, none both', async () => {
    const instance = await DuckDBInstance.create(':memory:', {
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
    });
    try {
      const connection = await instance.connect();
      const reader = await connection.runAndReadAll(
        `select distinct function_name from duckdb_functions()
          where function_type in ('scalar', 'aggregate', 'macro') and function_name not like '\\_\\_internal%' escape '\\'`,
      );
      const names = reader.getRows().map(([name]) => String(name));
      const unreviewed = names.filter(
        (name) => !allowedDuckDbFunctions.has(name) && !refusedDuckDbFunctions.has(name),
      );
      expect(unreviewed).toEqual([]);
      const known = new Set([...names, ...binderFunctions]);
      expect([...allowedDuckDbFunctions].filter((name) => !known.has(name))).toEqual([]);
      expect([...refusedDuckDbFunctions.keys()].filter((name) => allowedDuckDbFunctions.has(name))).toEqual(
        [],
      );
    } finally {
      instance.closeSync();
    }
  });
});
