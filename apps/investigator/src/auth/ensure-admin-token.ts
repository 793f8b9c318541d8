import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { rowsOf } from '../store/rows-of.js';
import { hashAdminToken } from './hash-admin-token.js';

/**
 * Makes sure the store holds the console's admin token: the first time, generates one (32 random bytes,
 * base64url), stores only its scrypt hash and returns the token — the only time it is ever shown; later
 * calls return `undefined`.
 *
 * @example
 * const token = await ensureAdminToken(store);
 * if (token !== undefined) console.error(`admin token (shown once): ${token}`);
 */
export async function ensureAdminToken(store: DrizzleStore): Promise<string | undefined> {
  const token = randomBytes(32).toString('base64url');
  const inserted = rowsOf<{ id: number }>(
    await store.db.execute(sql`insert into investigator_console_admin (id, token_hash)
      values (1, ${hashAdminToken(token)}) on conflict (id) do nothing returning id`),
  );
  return inserted.length === 1 ? token : undefined;
}
