import { type SQL, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../store/index.js';

/** Runs a raw statement on either driver and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<Row>(executor: StoreDatabase, statement: SQL): Promise<Row[]> {
  const result = (await executor.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}

/** A list of ids as one `bigint[]` parameter, for `id = any(…)`. */
export function idsParam(ids: readonly number[]): SQL {
  return sql`${`{${ids.join(',')}}`}::bigint[]`;
}
