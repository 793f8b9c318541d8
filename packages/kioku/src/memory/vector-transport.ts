import { type SQL, sql } from 'drizzle-orm';
import type { Store } from '../store/index.js';
import { queryRows } from './sql-values.js';

/** How vectors travel to the database: pgvector's binary format, or its text form `[0.1,-0.2,…]`. */
export type VectorEncoding = 'binary' | 'text';

interface PgliteSerializers {
  serializers: Record<number, (value: unknown) => unknown>;
}

const prepared = new WeakMap<Store, Promise<VectorEncoding>>();

/**
 * Chooses, once per store, how vectors are sent: binary (pgvector's `vector_recv` format, about ten times
 * faster to insert than text, which PGlite parses float by float in WebAssembly) when the driver can,
 * else text.
 *
 * `pg` sends a `Buffer` parameter in binary already. PGlite sends a parameter as its type's serializer
 * says, and has none for `vector`: one is registered on the store's PGlite client that passes bytes
 * through and turns anything else into text, as PGlite would (so Drizzle's own `vector` columns, which
 * send text, are unaffected).
 */
export function prepareVectorTransport(store: Store): Promise<VectorEncoding> {
  let encoding = prepared.get(store);
  if (encoding === undefined) {
    encoding = choose(store);
    prepared.set(store, encoding);
  }
  return encoding;
}

async function choose(store: Store): Promise<VectorEncoding> {
  if (store.driver === 'postgres') return 'binary';
  const client = (store.db as unknown as { $client?: Partial<PgliteSerializers> }).$client;
  if (typeof client?.serializers !== 'object' || client.serializers === null) return 'text';
  const [row] = await queryRows<{ oid: number | string }>(
    store.db,
    sql`select 'vector'::regtype::oid as oid`,
  );
  if (row === undefined) return 'text';
  client.serializers[Number(row.oid)] = (value) => (value instanceof Uint8Array ? value : String(value));
  return 'binary';
}

/** A vector as a `vector` parameter, in `encoding`. */
export function vectorParam(vector: readonly number[], encoding: VectorEncoding): SQL {
  if (encoding === 'text')
    return sql`${`[${vector.map((value) => value.toPrecision(9)).join(',')}]`}::vector`;
  // pgvector's binary format: dimensions (int16), unused (int16), then each value as a big-endian float4.
  const bytes = Buffer.alloc(4 + 4 * vector.length);
  bytes.writeInt16BE(vector.length, 0);
  for (const [index, value] of vector.entries()) bytes.writeFloatBE(value, 4 + 4 * index);
  return sql`${bytes}::vector`;
}
