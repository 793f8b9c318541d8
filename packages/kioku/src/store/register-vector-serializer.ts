import { sql } from 'drizzle-orm';
import type { StoreDatabase } from './store-database.js';

/**
 * Lets a PGlite client send `vector` parameters in binary. `pg` sends a `Buffer` parameter in binary
 * already; PGlite sends a parameter as its type's serializer says and has none for `vector` (an
 * extension type, its oid known only once pgvector is created). The one registered here passes bytes
 * through and turns anything else into text, as PGlite would, so Drizzle's `vector` columns (which send
 * `[1,2,3]`) are unaffected. Call after the migrations (they create the extension).
 *
 * @param client A PGlite client, as its `serializers` table (typed so, PGlite's own declarations are not
 *   loaded by a consumer of `kioku/store/drizzle`).
 * @example
 * const db = drizzle({ client: pglite, schema: storeSchema });
 * await migrateStore(db, { migrations, location: 'memory://' });
 * await registerVectorSerializer(pglite, db);
 */
export async function registerVectorSerializer(
  client: { serializers: Record<number | string, (value: unknown) => string> },
  db: StoreDatabase,
): Promise<void> {
  const result = (await db.execute(sql`select 'vector'::regtype::oid as oid`)) as unknown as {
    rows: { oid: number | string }[];
  };
  const oid = result.rows[0]?.oid;
  if (oid === undefined) return;
  // Typed as returning text, but PGlite sends a Uint8Array a serializer returns as a binary parameter.
  client.serializers[Number(oid)] = ((value: unknown) =>
    value instanceof Uint8Array ? value : String(value)) as (value: unknown) => string;
}
