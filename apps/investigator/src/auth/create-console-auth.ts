import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { rowsOf } from '../store/rows-of.js';
import { verifyAdminToken } from './verify-admin-token.js';

/** Options of {@link createConsoleAuth}. */
export interface CreateConsoleAuthOptions {
  /** The investigator store holding the admin token's hash (`ensureAdminToken`). */
  store: DrizzleStore;
  /**
   * A header a reverse proxy sets to the signed-in user's name (e.g. `x-forwarded-user`); off by default.
   * Turn it on only when the proxy is the sole way to reach the console (it strips the header from clients).
   */
  proxyHeader?: string | undefined;
  /** How long a login lasts, in milliseconds (default 12 hours). */
  sessionMs?: number;
  /** The clock (default `Date.now`). */
  now?: () => number;
}

/** Who a request acts for, and how that was established. */
export interface ConsoleUser {
  name: string;
  via: 'login' | 'proxy';
}

/** The console's access checks. */
export interface ConsoleAuth {
  /** A new login session's id (for the cookie) when `token` is the admin token, else `undefined`. */
  login(token: string): Promise<string | undefined>;
  /** Ends a login session. */
  logout(sessionId: string): void;
  /**
   * The user of a request, from its session cookie's value or the proxy header; `undefined` when neither,
   * or when the admin token was reset since the session's login.
   */
  user(input: {
    sessionId?: string | undefined;
    header: (name: string) => string | undefined;
  }): Promise<ConsoleUser | undefined>;
  readonly proxyHeader: string | undefined;
}

/**
 * The web console's sign-in: the admin token (checked against its scrypt hash in the store) opens a
 * session kept in memory (only the session id's SHA-256 is kept; a restart signs everyone out) that ends
 * when the token is reset (`resetAdminToken`, checked on every request), or a trusted reverse proxy names
 * the user in `proxyHeader`.
 *
 * @example
 * const auth = createConsoleAuth({ store, proxyHeader: 'x-forwarded-user' });
 */
export function createConsoleAuth({
  store,
  proxyHeader,
  sessionMs = 12 * 60 * 60 * 1000,
  now = Date.now,
}: CreateConsoleAuthOptions): ConsoleAuth {
  // Each session remembers the token hash it signed in with: a reset (a new hash) ends it.
  const sessions = new Map<string, { expires: number; tokenHash: string }>();
  const storedHash = async () =>
    rowsOf<{ token_hash: string }>(
      await store.db.execute(sql`select token_hash from investigator_console_admin where id = 1`),
    )[0]?.token_hash;
  const digest = (id: string) => createHash('sha256').update(id).digest('base64url');
  const header = proxyHeader?.toLowerCase();
  return {
    proxyHeader: header,
    async login(token) {
      const stored = await storedHash();
      if (stored === undefined || !(await verifyAdminToken(token, stored))) return undefined;
      const id = randomBytes(32).toString('base64url');
      sessions.set(digest(id), { expires: now() + sessionMs, tokenHash: stored });
      return id;
    },
    logout(sessionId) {
      sessions.delete(digest(sessionId));
    },
    async user({ sessionId, header: read }) {
      if (header !== undefined) {
        const name = read(header)?.trim();
        if (name !== undefined && name !== '') return { name, via: 'proxy' };
      }
      if (sessionId === undefined || sessionId === '') return undefined;
      const key = digest(sessionId);
      const session = sessions.get(key);
      if (session === undefined) return undefined;
      if (session.expires <= now() || session.tokenHash !== (await storedHash())) {
        sessions.delete(key);
        return undefined;
      }
      return { name: 'admin', via: 'login' };
    },
  };
}
