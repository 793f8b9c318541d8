import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { hashAdminToken } from './hash-admin-token.js';

/**
 * Replaces the console's admin token (or sets the first one): generates a new token (32 random bytes,
 * base64url), stores only its scrypt hash in place of the old one and returns the token, to be shown
 * once. Every session signed in with the old token ends at its next request (`createConsoleAuth`).
 *
 * @example
 * const token = await resetAdminToken(store);
 * console.error(`the new admin token (shown once): ${token}`);
 */
export async function resetAdminToken(store: DrizzleStore): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const hash = hashAdminToken(token);
  await store.db.execute(sql`insert into investigator_console_admin (id, token_hash) values (1, ${hash})
    on conflict (id) do update set token_hash = excluded.token_hash, created_at = now()`);
  return token;
}
