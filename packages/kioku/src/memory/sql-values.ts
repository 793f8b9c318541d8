import { type SQL, sql } from 'drizzle-orm';
import type { Store, StoreDatabase } from '../store/index.js';

/** Runs a raw statement on either driver and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<Row>(executor: StoreDatabase, statement: SQL): Promise<Row[]> {
  const result = (await executor.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Runs one statement in a transaction of its own and returns its rows. A lone statement would be atomic
 * anyway; the transaction is for servers that share one session between connections, such as
 * @electric-sql/pglite-socket: it interleaves the protocol messages of concurrent connections (one
 * connection's Parse, another's, then the first one's Bind fails) except inside a transaction, where it
 * keeps to one connection. `begin` and `commit` travel as single messages.
 */
export function statementRows<Row>(store: Store, statement: SQL): Promise<Row[]> {
  return store.transaction((tx) => queryRows<Row>(tx, statement));
}

/** A list of ids as one `bigint[]` parameter, for `id = any(…)`. */
export function idsParam(ids: readonly number[]): SQL {
  return sql`${`{${ids.join(',')}}`}::bigint[]`;
}
